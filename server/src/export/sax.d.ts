// Types for the parts of sax (the XML parser export/site-files.ts reads site SVG and XML with) that
// Docwright uses, in strict mode with namespaces; the package ships none.
declare module 'sax' {
  export interface QualifiedAttribute {
    name: string;
    value: string;
    prefix: string;
    local: string;
    uri: string;
  }
  export interface QualifiedTag {
    name: string;
    prefix: string;
    local: string;
    uri: string;
    attributes: Record<string, QualifiedAttribute>;
    ns: Record<string, string>;
    isSelfClosing: boolean;
  }
  export interface SAXParser {
    tag: QualifiedTag;
    onerror(e: Error): void;
    onopentag(tag: QualifiedTag): void;
    onattribute(attr: QualifiedAttribute): void;
    onprocessinginstruction(pi: { name: string; body: string }): void;
    ondoctype(doctype: string): void;
    onsgmldeclaration(declaration: string): void;
    write(text: string): SAXParser;
    close(): SAXParser;
  }
  export function parser(strict: true, options: { xmlns: true }): SAXParser;
  const sax: { parser: typeof parser };
  export default sax;
}
