export type TourStep = {
  /** The [data-tour] value of the element the step points at. */
  target: string;
  /** The page the element lives on. */
  path: string;
  title: string;
  body: string;
};

export const tourSteps: TourStep[] = [
  {
    target: 'top-bar',
    path: '/dashboard',
    title: 'The top bar',
    body: 'Jump between the dashboard, projects and templates, see your notifications, and open your account menu.',
  },
  {
    target: 'sidebar',
    path: '/dashboard',
    title: 'Your workspace',
    body: 'Every project is listed here, with templates, signature requests, your team and settings.',
  },
  {
    target: 'create-buttons',
    path: '/dashboard',
    title: 'Start something new',
    body: 'Draft a contract from scratch, or a template your team can reuse.',
  },
  {
    target: 'count-cards',
    path: '/dashboard',
    title: 'Where things stand',
    body: 'Drafts, contracts out for signature, signed ones, and expired or canceled ones at a glance.',
  },
  {
    target: 'editor',
    path: '/contracts/new',
    title: 'The contract editor',
    body: 'Give the contract a title, write it with headings, lists and formatting, add signers, then save it or send it for signing.',
  },
];
