import { apiTokensApi } from './api-tokens';
import { approvalsApi } from './approvals';
import { authApi } from './auth';
import { bulkSendsApi } from './bulk-sends';
import { commentsApi } from './comments';
import { contractFilesApi } from './contract-files';
import { contractsApi } from './contracts';
import { deadlinesApi } from './deadlines';
import { docxApi } from './docx';
import { embeddingApi } from './embedding';
import { healthApi } from './health';
import { mailApi } from './mail';
import { notificationsApi } from './notifications';
import { oidcApi } from './oidc';
import { profileApi } from './profile';
import { projectsApi } from './projects';
import { publicLinksApi } from './public-links';
import { reportsApi } from './reports';
import { reviewCommentsApi } from './review-comments';
import { reviewsApi } from './reviews';
import { searchApi } from './search';
import { settingsApi } from './settings';
import { signaturesApi } from './signatures';
import { signingApi } from './signing';
import { teamApi } from './team';
import { templatesApi } from './templates';
import { termsApi } from './terms';
import { twoFactorApi } from './two-factor';
import { verificationApi } from './verification';
import { versionsApi } from './versions';
import { webhooksApi } from './webhooks';
import { workspaceApi } from './workspace';

/**
 * Every route of the API, by group and name. The server registers each one (a test checks that
 * every contract here is served exactly once); the web client calls them as `api.<group>.<name>`.
 */
export const apiRoutes = {
  apiTokens: apiTokensApi,
  approvals: approvalsApi,
  auth: authApi,
  bulkSends: bulkSendsApi,
  comments: commentsApi,
  contractFiles: contractFilesApi,
  contracts: contractsApi,
  deadlines: deadlinesApi,
  docx: docxApi,
  embedding: embeddingApi,
  health: healthApi,
  mail: mailApi,
  notifications: notificationsApi,
  oidc: oidcApi,
  profile: profileApi,
  projects: projectsApi,
  publicLinks: publicLinksApi,
  reports: reportsApi,
  reviewComments: reviewCommentsApi,
  reviews: reviewsApi,
  search: searchApi,
  settings: settingsApi,
  signatures: signaturesApi,
  signing: signingApi,
  team: teamApi,
  templates: templatesApi,
  terms: termsApi,
  twoFactor: twoFactorApi,
  verification: verificationApi,
  versions: versionsApi,
  webhooks: webhooksApi,
  workspace: workspaceApi,
};

export type ApiRoutes = typeof apiRoutes;
