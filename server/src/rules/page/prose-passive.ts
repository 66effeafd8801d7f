import { pageSite, proseRule } from '../prose';

const PARTICIPLE =
  '(?:\\w+ed|built|done|given|known|made|seen|sent|shown|taken|written|kept|found|held|chosen|thrown|drawn|broken|forgotten|hidden|sold|told|understood)';

export const prosePassive = proseRule({
  id: 'prose-passive',
  description: 'Sentences use the active voice.',
  rationale:
    'The active voice says who does what ("the API returns the note"); the passive hides it ("the note is returned"). Prefer the active voice unless the actor does not matter.',
  bad: pageSite('## Response\n\nThe note is returned by the API.\n'),
  good: pageSite('## Response\n\nThe API returns the note.\n'),
  pattern: new RegExp(`\\b(?:am|is|are|was|were|be|been|being)\\s+(?:\\w+ly\\s+)?${PARTICIPLE}\\b`, 'gi'),
  message: (m) => `"${m}" is passive voice; say who does it ("the API returns …").`,
});
