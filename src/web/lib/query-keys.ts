/**
 * Every TanStack Query key of the app, by feature. A key is a path: invalidating a prefix
 * (`contractKeys.all`) marks everything under it stale, so the shapes here are what decides how far
 * an invalidation reaches. Features build keys only through these factories.
 */

export const contractKeys = {
  all: ['contracts'] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  list: (filters: object) => [...contractKeys.lists(), filters] as const,
  /** A contract or a template (a template is a contract, read through /templates/{id}). */
  detail: (id: string) => [...contractKeys.all, id] as const,
  signing: (id: string) => [...contractKeys.detail(id), 'signing'] as const,
  history: (id: string) => [...contractKeys.detail(id), 'history'] as const,
  versions: (id: string) => [...contractKeys.detail(id), 'versions'] as const,
  version: (id: string, number: number) => [...contractKeys.versions(id), number] as const,
  compare: (id: string, from: number, to: number) =>
    [...contractKeys.versions(id), 'compare', from, to] as const,
  reviewers: (id: string) => [...contractKeys.detail(id), 'reviewers'] as const,
  suggestions: (id: string) => [...contractKeys.detail(id), 'suggestions'] as const,
  suggestion: (id: string, suggestionId: string) => [...contractKeys.suggestions(id), suggestionId] as const,
  comments: (id: string) => [...contractKeys.detail(id), 'comments'] as const,
  approval: (id: string) => [...contractKeys.detail(id), 'approval'] as const,
  /** Its key terms: a save of the draft may change them (terms that follow merge fields). */
  terms: (id: string) => [...contractKeys.detail(id), 'terms'] as const,
  watching: (id: string) => [...contractKeys.detail(id), 'watching'] as const,
};

/** The other side's review page: the link's session, what the reviewer reads, the shared comments. */
export const reviewKeys = {
  session: (token: string) => ['review-session', token] as const,
  view: (reviewerId: string) => ['review-view', reviewerId] as const,
  comments: (reviewerId: string) => ['review-comments', reviewerId] as const,
};

export const templateKeys = {
  all: ['templates'] as const,
  list: (q: string) => [...templateKeys.all, 'list', q] as const,
};

/** A bulk send's key holds its rows' pages: invalidating the batch refreshes its rows too. */
export const bulkSendKeys = {
  all: ['bulk-sends'] as const,
  list: () => [...bulkSendKeys.all, 'list'] as const,
  detail: (id: string) => [...bulkSendKeys.all, id] as const,
  allRows: (id: string) => [...bulkSendKeys.detail(id), 'rows'] as const,
  rows: (id: string, show: string) => [...bulkSendKeys.allRows(id), show] as const,
};

export const projectKeys = {
  /** The list is the prefix of every project key: invalidate it with `exact: true` for the list alone. */
  all: ['projects'] as const,
  detail: (id: string) => [...projectKeys.all, id] as const,
  contracts: (id: string) => [...projectKeys.detail(id), 'contracts'] as const,
};

export const dashboardKeys = { all: ['dashboard'] as const };

export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, range: { from: string; to: string; projectId?: string }) =>
    [...reportKeys.all, name, range] as const,
};

/** The search page: its results by the page's query string, saved views, the contract types it filters by. */
export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => [...searchKeys.all, 'results', query] as const,
  views: () => [...searchKeys.all, 'views'] as const,
  types: () => [...searchKeys.all, 'types'] as const,
};

export const signatureKeys = {
  all: ['signatures'] as const,
  requests: () => [...signatureKeys.all, 'requests'] as const,
  requestsWith: (status: string) => [...signatureKeys.requests(), status] as const,
  saved: () => [...signatureKeys.all, 'saved'] as const,
};

export const sessionKeys = {
  current: ['session'] as const,
  demoCredentials: ['demo-credentials'] as const,
  providers: ['auth', 'providers'] as const,
  passwordReset: (token: string) => ['password-reset', token] as const,
  pendingSecondFactor: ['pending-second-factor'] as const,
};

export const profileKeys = {
  all: ['profile'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
  twoFactor: () => [...profileKeys.all, 'two-factor'] as const,
};

export const teamKeys = {
  all: ['team'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  organization: () => [...settingsKeys.all, 'organization'] as const,
  signerFields: () => [...settingsKeys.all, 'signer-fields'] as const,
  sealingCertificate: () => [...settingsKeys.all, 'sealing-certificate'] as const,
  twoFactorRequirement: () => [...settingsKeys.all, 'two-factor'] as const,
  apiTokens: () => [...settingsKeys.all, 'api-tokens'] as const,
  webhooks: () => [...settingsKeys.all, 'webhooks'] as const,
  embedding: () => [...settingsKeys.all, 'embedding'] as const,
  approvalRules: () => [...settingsKeys.all, 'approval-rules'] as const,
  webhookDeliveries: (endpointId: string) => [...settingsKeys.webhooks(), endpointId, 'deliveries'] as const,
};

export const notificationKeys = { all: ['notifications'] as const };

export const mailKeys = { outbox: ['mail', 'outbox'] as const };

export const signingKeys = {
  session: (token: string) => ['signing-session', token] as const,
  view: (signerId: string) => ['signing-view', signerId] as const,
};

/** A template's public links, and each link's submissions (under the template's key, so they go stale together). */
export const publicLinkKeys = {
  all: ['public-links'] as const,
  forTemplate: (templateId: string) => [...publicLinkKeys.all, 'template', templateId] as const,
  submissions: (linkId: string) => [...publicLinkKeys.all, 'submissions', linkId] as const,
  /** The visitor's page of a link. */
  page: (token: string) => ['public-link-page', token] as const,
};

/** The organization's contract types (with their counts) and term fields; a contract's terms are under contractKeys. */
export const termKeys = {
  all: ['terms'] as const,
  settings: () => [...termKeys.all, 'settings'] as const,
};

/** The deadlines list (by range and filter), the dashboard's summary and my reminder preferences. */
export const deadlineKeys = {
  all: ['deadlines'] as const,
  list: (range: { from: string; to: string; mine: boolean }) => [...deadlineKeys.all, 'list', range] as const,
  summary: () => [...deadlineKeys.all, 'summary'] as const,
  preferences: () => ['deadline-preferences'] as const,
};
