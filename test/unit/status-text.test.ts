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
});
