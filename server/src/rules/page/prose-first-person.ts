import { pageSite, proseRule } from '../prose';

export const proseFirstPerson = proseRule({
  id: 'prose-first-person',
  description: 'Instructions address the reader ("you"), not the writer ("we", "I").',
  rationale:
    'The authoring rules ask for the second person in instructions: "you create a key" puts the reader in charge, "we create a key" leaves them wondering who does it.',
  bad: pageSite('## Create a key\n\nWe recommend one key per environment.\n'),
  good: pageSite('## Create a key\n\nCreate one key per environment.\n'),
  pattern: /\b(?:I|I'm|I've|[Ww]e|[Ww]e're|[Ww]e've|[Ww]e'll|[Oo]ur|[Oo]urs|[Mm]y)\b|\bus\b/g,
  message: (m) => `"${m}" is first person; address the reader as "you", or state the fact directly.`,
});
