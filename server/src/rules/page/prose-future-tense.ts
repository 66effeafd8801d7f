import { pageSite, proseRule } from '../prose';

export const proseFutureTense = proseRule({
  id: 'prose-future-tense',
  description: 'Current states are written in the present tense.',
  rationale:
    'The authoring rules keep the future tense for outcomes ("you will receive an email") and the present for what is true now ("the response contains the note"). "Will be", "will contain" and similar describe states, so write them in the present.',
  bad: pageSite('## Response\n\nThe response will contain the new note.\n'),
  good: pageSite('## Response\n\nThe response contains the new note.\n'),
  pattern: /\bwill\s+(?:be|have|contain|include|need|require|support|exist|mean|belong|consist|depend|remain|hold|represent)\b/gi,
  message: (m) => `"${m}" describes a current state in the future tense; write it in the present ("contains", not "will contain").`,
});
