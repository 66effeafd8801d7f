// A small SDK site for the unit, export and browser tests: a TypeDoc JSON export (the shape
// `typedoc --json` writes, JSONOutput models) of a client class, an interface, an enum, a function
// and a type alias, with comments, a deprecation, an `{@link}` and cross references; and a DocFX
// metadata folder of one class.
import type { SiteFiles } from '../server/src/rules/types';

const text = (t: string) => [{ kind: 'text', text: t }];
const ref = (name: string, target: number) => ({ type: 'reference', target, name, package: 'acme' });
const intrinsic = (name: string) => ({ type: 'intrinsic', name });

export const TYPEDOC = {
  id: 0,
  name: 'acme',
  variant: 'project',
  kind: 1,
  flags: {},
  children: [
    {
      id: 1,
      name: 'Client',
      variant: 'declaration',
      kind: 128,
      flags: {},
      comment: { summary: text('Calls the Acme API.\n\nKeep one client per process.') },
      children: [
        {
          id: 2,
          name: 'constructor',
          variant: 'declaration',
          kind: 512,
          flags: {},
          signatures: [
            {
              id: 3,
              name: 'Client',
              variant: 'signature',
              kind: 16384,
              flags: {},
              parameters: [
                { id: 4, name: 'apiKey', variant: 'param', kind: 32768, flags: {}, comment: { summary: text('Your API key.') }, type: intrinsic('string') },
              ],
              type: ref('Client', 1),
            },
          ],
        },
        {
          id: 5,
          name: 'baseUrl',
          variant: 'declaration',
          kind: 1024,
          flags: { isOptional: true },
          comment: { summary: text('The server to call.'), blockTags: [{ tag: '@deprecated', content: text('Set it in the constructor.') }] },
          type: intrinsic('string'),
        },
        {
          id: 6,
          name: 'getUser',
          variant: 'declaration',
          kind: 2048,
          flags: {},
          signatures: [
            {
              id: 7,
              name: 'getUser',
              variant: 'signature',
              kind: 4096,
              flags: {},
              comment: { summary: text('Fetches one user.'), blockTags: [{ tag: '@returns', content: text('The user, or null when none has this id.') }] },
              parameters: [
                { id: 8, name: 'id', variant: 'param', kind: 32768, flags: {}, comment: { summary: text('The user id.') }, type: ref('UserId', 14) },
              ],
              type: {
                type: 'reference',
                name: 'Promise',
                package: 'typescript',
                typeArguments: [{ type: 'union', types: [ref('User', 9), { type: 'literal', value: null }] }],
              },
            },
          ],
        },
      ],
      groups: [
        { title: 'Constructors', children: [2] },
        { title: 'Properties', children: [5] },
        { title: 'Methods', children: [6] },
      ],
    },
    {
      id: 9,
      name: 'User',
      variant: 'declaration',
      kind: 256,
      flags: {},
      comment: { summary: text('A person with an account.') },
      children: [
        { id: 10, name: 'id', variant: 'declaration', kind: 1024, flags: {}, type: ref('UserId', 14) },
        { id: 11, name: 'role', variant: 'declaration', kind: 1024, flags: {}, comment: { summary: text('What the user may do.') }, type: ref('Role', 12) },
      ],
    },
    {
      id: 12,
      name: 'Role',
      variant: 'declaration',
      kind: 8,
      flags: {},
      comment: { summary: text('What a user may do.') },
      children: [
        {
          id: 13,
          name: 'Admin',
          variant: 'declaration',
          kind: 16,
          flags: {},
          comment: { summary: text('Everything.') },
          type: { type: 'literal', value: 'admin' },
        },
      ],
    },
    {
      id: 14,
      name: 'UserId',
      variant: 'declaration',
      kind: 2097152,
      flags: {},
      comment: { summary: text('A user identifier.') },
      type: intrinsic('string'),
    },
    {
      id: 15,
      name: 'createClient',
      variant: 'declaration',
      kind: 64,
      flags: {},
      signatures: [
        {
          id: 16,
          name: 'createClient',
          variant: 'signature',
          kind: 4096,
          flags: {},
          comment: {
            summary: [...text('Makes a '), { kind: 'inline-tag', tag: '@link', text: 'Client', target: 1 }, ...text(' from the environment <b>now</b> {x}.')],
          },
          parameters: [
            {
              id: 17,
              name: 'options',
              variant: 'param',
              kind: 32768,
              flags: { isOptional: true },
              type: {
                type: 'reflection',
                declaration: {
                  id: 18,
                  name: '__type',
                  variant: 'declaration',
                  kind: 65536,
                  flags: {},
                  children: [{ id: 19, name: 'retries', variant: 'declaration', kind: 1024, flags: { isOptional: true }, type: intrinsic('number') }],
                },
              },
            },
          ],
          type: ref('Client', 1),
        },
      ],
    },
  ],
  groups: [
    { title: 'Classes', children: [1] },
    { title: 'Interfaces', children: [9] },
    { title: 'Enumerations', children: [12] },
    { title: 'Type Aliases', children: [14] },
    { title: 'Functions', children: [15] },
  ],
  packageName: 'acme',
  schemaVersion: '2.0',
};

export const DOCFX_CLASS = `### YamlMime:ManagedReference
items:
- uid: Acme.Client
  commentId: T:Acme.Client
  id: Client
  parent: Acme
  children:
  - Acme.Client.#ctor(System.String)
  - Acme.Client.GetUser(System.String)
  langs:
  - csharp
  name: Client
  nameWithType: Client
  fullName: Acme.Client
  type: Class
  namespace: Acme
  summary: "Calls the <b>Acme</b> API. See <xref href=\\"Acme.User\\" data-throw-if-not-resolved=\\"false\\"></xref>."
  syntax:
    content: public class Client
  inheritance:
  - System.Object
- uid: Acme.Client.#ctor(System.String)
  id: '#ctor(System.String)'
  parent: Acme.Client
  name: Client(string)
  fullName: Acme.Client.Client(string)
  type: Constructor
  namespace: Acme
  summary: Makes a client.
  syntax:
    content: public Client(string apiKey)
    parameters:
    - id: apiKey
      type: System.String
      description: Your API key.
- uid: Acme.Client.GetUser(System.String)
  id: GetUser(System.String)
  parent: Acme.Client
  name: GetUser(string)
  fullName: Acme.Client.GetUser(string)
  type: Method
  namespace: Acme
  summary: Fetches one user.
  syntax:
    content: public Task<User> GetUser(string id)
    parameters:
    - id: id
      type: System.String
      description: The user id.
    return:
      type: Acme.User
      description: The user.
  attributes:
  - type: System.ObsoleteAttribute
    ctor: System.ObsoleteAttribute.#ctor(System.String)
    arguments:
    - type: System.String
      value: Use GetUserAsync.
references:
- uid: System.String
  name: string
- uid: Acme.User
  name: User
`;

export const DOCFX_USER = `### YamlMime:ManagedReference
items:
- uid: Acme.User
  id: User
  parent: Acme
  name: User
  fullName: Acme.User
  type: Class
  namespace: Acme
  summary: A person with an account.
  syntax:
    content: public class User
`;

/** A phpDocumentor structure.xml (as its data/templates/xml templates write it): a class with a constructor, a method, a property and a constant, an interface, and a function. */
export const PHPDOC = `<?xml version="1.0"?>
<project name="Acme">
  <file path="src/Client.php" hash="1">
    <docblock line="0"><description></description><long-description></long-description></docblock>
    <interface>
      <name>UserSource</name>
      <full_name>\\Acme\\UserSource</full_name>
      <docblock line="3"><description>Where users come from.</description><long-description></long-description></docblock>
    </interface>
    <class final="false" abstract="false" namespace="\\Acme" line="10">
      <name>Client</name>
      <full_name>\\Acme\\Client</full_name>
      <docblock line="5">
        <description>Calls the Acme API.</description>
        <long-description>Keep one client per process. A &lt;b&gt;bold&lt;/b&gt; {claim}.</long-description>
      </docblock>
      <implements>\\Acme\\UserSource</implements>
      <constant namespace="\\Acme" line="12" visibility="public">
        <name>VERSION</name>
        <full_name>\\Acme\\Client::VERSION</full_name>
        <value>'1.0'</value>
        <docblock line="11"><description>The API version.</description><long-description></long-description></docblock>
      </constant>
      <property namespace="\\Acme" line="14" visibility="private">
        <name>$apiKey</name>
        <full_name>\\Acme\\Client::$apiKey</full_name>
        <default></default>
        <docblock line="13"><description></description><long-description></long-description><tag name="var" description="Your API key." type="string"/></docblock>
      </property>
      <method final="false" abstract="false" static="false" namespace="\\Acme" line="20" visibility="public" returnByReference="false">
        <name>getUser</name>
        <full_name>\\Acme\\Client::getUser()</full_name>
        <value></value>
        <argument line="20" by_reference="false"><name>$id</name><default></default><type>string</type></argument>
        <argument line="20" by_reference="false"><name>$fresh</name><default>false</default><type>bool</type></argument>
        <docblock line="15">
          <description>Fetches one user.</description>
          <long-description></long-description>
          <tag name="param" description="The user id." variable="id" type="string"/>
          <tag name="return" description="The user." type="\\Acme\\User|null"/>
          <tag name="deprecated" description="Use fetchUser()."/>
        </docblock>
      </method>
    </class>
    <class final="true" abstract="false" namespace="\\Acme" line="40">
      <name>User</name>
      <full_name>\\Acme\\User</full_name>
      <docblock line="39"><description>A person with an account.</description><long-description></long-description></docblock>
    </class>
    <function>
      <name>client</name>
      <full_name>\\Acme\\client()</full_name>
      <docblock line="50"><description>Makes a client.</description><long-description></long-description><tag name="return" description="" type="\\Acme\\Client"/></docblock>
    </function>
    <parse_markers></parse_markers>
  </file>
</project>
`;

/** A Sphinx JSON build page (`sphinx-build -b json`, Sphinx 5's HTML for autodoc): a module with a class, a method with a field list, and a function. */
export const SPHINX_PAGE = JSON.stringify({
  title: 'acme',
  current_page_name: 'acme',
  body: `<section id="module-acme"><h1>acme<a class="headerlink" href="#module-acme">¶</a></h1>
<dl class="py class">
<dt class="sig sig-object py" id="acme.Client"><em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">acme.</span></span><span class="sig-name descname"><span class="pre">Client</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">api_key</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#acme.Client">¶</a></dt>
<dd><p>Calls the Acme API. Returns <a class="reference internal" href="#acme.User" title="acme.User"><code class="xref py py-class docutils literal notranslate"><span class="pre">User</span></code></a> objects &lt;b&gt;{x}.</p>
<dl class="py method">
<dt class="sig sig-object py" id="acme.Client.get_user"><span class="sig-name descname"><span class="pre">get_user</span></span><span class="sig-paren">(</span><em class="sig-param"><span class="n"><span class="pre">user_id</span></span></em><span class="sig-paren">)</span><a class="headerlink" href="#acme.Client.get_user">¶</a></dt>
<dd><p>Fetches one user.</p>
<div class="deprecated"><p><span class="versionmodified deprecated">Deprecated since version 2.0: </span>Use fetch_user.</p></div>
<dl class="field-list simple">
<dt class="field-odd">Parameters<span class="colon">:</span></dt>
<dd class="field-odd"><p><strong>user_id</strong> (<em>str</em>) – The user id.</p></dd>
<dt class="field-even">Returns<span class="colon">:</span></dt>
<dd class="field-even"><p>The user, or <code class="docutils literal notranslate"><span class="pre">None</span></code>.</p></dd>
<dt class="field-odd">Return type<span class="colon">:</span></dt>
<dd class="field-odd"><p>acme.User</p></dd>
</dl>
</dd></dl>
</dd></dl>
<dl class="py class">
<dt class="sig sig-object py" id="acme.User"><em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">acme.</span></span><span class="sig-name descname"><span class="pre">User</span></span><a class="headerlink" href="#acme.User">¶</a></dt>
<dd><p>A person with an account.</p><br><img src="x.png"></dd></dl>
<dl class="py function">
<dt class="sig sig-object py" id="acme.connect"><span class="sig-prename descclassname"><span class="pre">acme.</span></span><span class="sig-name descname"><span class="pre">connect</span></span><span class="sig-paren">(</span><span class="sig-paren">)</span></dt>
<dd><p>Makes a client.</p>
<div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="n">acme</span><span class="o">.</span><span class="n">connect</span><span class="p">()</span>
</pre></div></div>
</dd></dl>
</section>`,
});

/** A Javadoc type page as the JDK 17 standard doclet writes it (main content only): a class with a field, a constructor and a deprecated method. */
export const JAVADOC_CLIENT = `<!DOCTYPE HTML><html lang="en"><head><title>Client</title></head><body class="class-declaration-page"><main role="main">
<div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;<a href="package-summary.html">com.acme</a></div>
<h1 title="Class Client" class="title">Class Client</h1></div>
<section class="class-description" id="class-description"><hr>
<div class="type-signature"><span class="modifiers">public class </span><span class="element-name type-name-label">Client</span>
<span class="extends-implements">extends <a href="https://docs.oracle.com/Object.html" class="external-link">Object</a></span></div>
<div class="block">Calls the Acme API.
 <p>See <a href="User.html" title="class in com.acme"><code>User</code></a> &lt;b&gt;{x}.</p></div></section>
<section class="details"><ul class="details-list">
<li><section class="field-details" id="field-detail"><h2>Field Details</h2><ul class="member-list"><li>
<section class="detail" id="BASE_URL"><h3>BASE_URL</h3>
<div class="member-signature"><span class="modifiers">public static final</span>&nbsp;<span class="return-type">String</span>&nbsp;<span class="element-name">BASE_URL</span></div>
<div class="block">The server to call.</div></section></li></ul></section></li>
<li><section class="constructor-details" id="constructor-detail"><h2>Constructor Details</h2><ul class="member-list"><li>
<section class="detail" id="&lt;init&gt;(java.lang.String)"><h3>Client</h3>
<div class="member-signature"><span class="modifiers">public</span>&nbsp;<span class="element-name">Client</span><wbr><span class="parameters">(String&nbsp;apiKey)</span></div>
<div class="block">Makes a client.</div>
<dl class="notes"><dt>Parameters:</dt><dd><code>apiKey</code> - your API key</dd></dl></section></li></ul></section></li>
<li><section class="method-details" id="method-detail"><h2>Method Details</h2><ul class="member-list"><li>
<section class="detail" id="getUser(java.lang.String)"><h3>getUser</h3>
<div class="member-signature"><span class="modifiers">public</span>&nbsp;<span class="return-type"><a href="User.html" title="class in com.acme">User</a></span>&nbsp;<span class="element-name">getUser</span><wbr><span class="parameters">(String&nbsp;id)</span></div>
<div class="deprecation-block"><span class="deprecated-label">Deprecated.</span><div class="deprecation-comment">Use <a href="#fetchUser(java.lang.String)"><code>fetchUser(String)</code></a>.</div></div>
<div class="block">Fetches one user.</div>
<dl class="notes"><dt>Parameters:</dt><dd><code>id</code> - the user id</dd><dt>Returns:</dt><dd>the user, or <code>null</code></dd></dl></section></li>
<li><section class="detail" id="fetchUser(java.lang.String)"><h3>fetchUser</h3>
<div class="member-signature"><span class="modifiers">public</span>&nbsp;<span class="return-type"><a href="User.html">User</a></span>&nbsp;<span class="element-name">fetchUser</span><wbr><span class="parameters">(String&nbsp;id)</span></div>
<div class="block">Fetches one user.</div></section></li>
</ul></section></li></ul></section></main></body></html>`;

export const JAVADOC_USER = `<html><body><main><div class="header"><div class="sub-title"><span class="package-label-in-type">Package</span>&nbsp;<a href="package-summary.html">com.acme</a></div>
<h1 title="Record Class User" class="title">Record Class User</h1></div>
<section class="class-description" id="class-description"><div class="type-signature"><span class="modifiers">public record </span><span class="element-name type-name-label">User</span></div>
<div class="block">A person with an account.</div></section></main></body></html>`;

/** A site whose tab `SDK` has `sdk` (and its own group of pages). */
export function sdkSite(sdk: Record<string, unknown>, files: SiteFiles, groups: unknown[] = []): SiteFiles {
  return {
    'docs.json': JSON.stringify(
      {
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0D6E4F' },
        navigation: {
          tabs: [
            { tab: 'Guides', groups: [{ group: 'Get started', pages: ['introduction'] }] },
            { tab: 'SDK', sdk, ...(groups.length ? { groups } : {}) },
          ],
        },
      },
      null,
      2,
    ),
    'introduction.mdx': '---\ntitle: "Introduction"\ndescription: "Start here."\n---\n\nWelcome. See [the client](/sdk-reference/classes/client).\n',
    ...files,
  };
}

/** The site of the tests, with a guide page naming one symbol by `sdk` front matter (object form: it is in no tab with `sdk`). */
export function sdkExportSite(): Record<string, string> {
  const files = sdkSite({ format: 'typedoc', source: 'artifacts/typedoc.json' }, { 'artifacts/typedoc.json': JSON.stringify(TYPEDOC) }, [
    { group: 'Overview', pages: ['sdk/overview'] },
  ]);
  const config = JSON.parse(files['docs.json']);
  config.navigation.tabs[0].groups[0].pages.push('guides/get-user', 'guides/client');
  return {
    ...files,
    'docs.json': JSON.stringify(config, null, 2),
    'sdk/overview.mdx': '---\ntitle: "Overview"\ndescription: "The TypeScript SDK."\n---\n\nInstall `@acme/sdk`.\n',
    'guides/get-user.mdx':
      '---\ntitle: "Get a user"\ndescription: "One call."\nsdk:\n  kind: method\n  name: getUser\n  parent: Client\n  format: typedoc\n  source: artifacts/typedoc.json\n---\n\nCall it once per request.\n',
    // No title or description: the symbol's.
    'guides/client.mdx': '---\nsdk:\n  kind: class\n  name: Client\n  format: typedoc\n  source: artifacts/typedoc.json\n---\n\nOne client per process.\n',
  };
}
