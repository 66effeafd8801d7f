// The status bar item's text and tooltip (client/src/status-text.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statusPresentation } from '../../client/src/status-text';

describe('status bar text', () => {
  it('shows errors and warnings, and counts notices and files in the tooltip', () => {
    assert.deepEqual(statusPresentation({ errors: 2, warnings: 1, notices: 3, files: 4 }), {
      text: 'Docwright $(error) 2 $(warning) 1',
      tooltip: 'Docwright: 2 errors, 1 warning, 3 notices in 4 files. Click to open the Problems view.',
    });
  });

  it('shows a check mark when there are no errors or warnings', () => {
    assert.equal(statusPresentation({ errors: 0, warnings: 0, notices: 1, files: 1 }).text, 'Docwright $(check)');
    assert.equal(
      statusPresentation({ errors: 0, warnings: 0, notices: 0, files: 0 }).tooltip,
      'Docwright: No problems in the documentation sites. Click to open the Problems view.',
    );
  });

  it('says "checking n/N" while the first check runs, and never "no problems" before it has ended', () => {
    for (const counts of [
      { errors: 0, warnings: 0, notices: 0, files: 0 },
      { errors: 3, warnings: 1, notices: 0, files: 2 },
    ]) {
      const early = statusPresentation(counts, { done: 0, total: 0 });
      assert.equal(early.text, 'Docwright $(sync~spin) checking…');
      const during = statusPresentation(counts, { done: 120, total: 1700 });
      assert.equal(during.text, 'Docwright $(sync~spin) checking 120/1,700');
      assert.match(during.tooltip, /120 of 1,700 pages/);
      for (const shown of [early, during]) {
        assert.doesNotMatch(`${shown.text} ${shown.tooltip}`, /no problems|\$\(check\)|\$\(error\)/i);
      }
    }
    assert.equal(statusPresentation({ errors: 0, warnings: 0, notices: 0, files: 0 }, undefined).text, 'Docwright $(check)');
  });
});
