// The labels after a field's name (ParamField, ResponseField, API reference fields) as the format's
// field head writes them (@mintlify/components property/property.js and param-head.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultText, fieldBadges, hastText } from '../../server/src/render/components';

test('a default is shown as its JSON: a string in quotes, numbers, booleans and null bare, flat objects and arrays as JSON', () => {
  assert.equal(defaultText('False'), '"False"');
  assert.equal(defaultText(''), '""');
  assert.equal(defaultText('10'), '"10"');
  assert.equal(defaultText(10), '10');
  assert.equal(defaultText(false), 'false');
  assert.equal(defaultText(null), 'null');
  assert.equal(defaultText(['a', 1]), '["a",1]');
  assert.equal(defaultText({ a: 1 }), '{"a":1}');
  assert.equal(defaultText(undefined), undefined);
});

test('no default is shown for an object holding objects, JSON of 50 characters or more, or a value JSON cannot write', () => {
  assert.equal(defaultText({ a: { b: 1 } }), undefined);
  assert.equal(defaultText([[1]]), undefined);
  assert.equal(defaultText('x'.repeat(47)), `"${'x'.repeat(47)}"`);
  assert.equal(defaultText('x'.repeat(48)), undefined);
  assert.equal(defaultText(10n), undefined);
  assert.equal(
    defaultText(() => 1),
    undefined,
  );
});

test('the labels read type, default, required, deprecated, in that order, with no location', () => {
  const labels = fieldBadges({ type: 'boolean', default: 'False', required: true, deprecated: true });
  assert.deepEqual(
    labels.map((l) => hastText([l])),
    ['boolean', 'default:"False"', 'required', 'deprecated'],
  );
  assert.deepEqual(fieldBadges({}), []);
});
