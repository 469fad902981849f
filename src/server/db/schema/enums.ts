import { pgEnum } from 'drizzle-orm/pg-core';
import { apiTokenScopes } from '../../../shared/api/api-tokens';
import { approvalStatuses } from '../../../shared/api/approvals';
import { commentVisibilities } from '../../../shared/api/comments';
import { webhookDeliveryStatuses } from '../../../shared/api/webhooks';
import {
  customFieldTypes,
  documentKinds,
  jobStatuses,
  mailStatuses,
  roles,
  signatureKinds,
  signingLinkPurposes,
  suggestionStatuses,
  versionKinds,
} from '../../../shared/enums';
import { eventTypes } from '../../../shared/events';
import { fieldTypes } from '../../../shared/fields';
import { delegationRules, recipientRoles } from '../../../shared/recipients';
import { contractStatuses, signerStatuses } from '../../../shared/statuses';

export const roleEnum = pgEnum('role', roles);
export const contractStatusEnum = pgEnum('contract_status', contractStatuses);
export const signerStatusEnum = pgEnum('signer_status', signerStatuses);
export const customFieldTypeEnum = pgEnum('custom_field_type', customFieldTypes);
export const jobStatusEnum = pgEnum('job_status', jobStatuses);
export const documentKindEnum = pgEnum('document_kind', documentKinds);
export const mailStatusEnum = pgEnum('mail_status', mailStatuses);
export const suggestionStatusEnum = pgEnum('suggestion_status', suggestionStatuses);
export const versionKindEnum = pgEnum('version_kind', versionKinds);
export const signatureKindEnum = pgEnum('signature_kind', signatureKinds);
export const signingLinkPurposeEnum = pgEnum('signing_link_purpose', signingLinkPurposes);
export const eventTypeEnum = pgEnum('event_type', eventTypes);
export const approvalStatusEnum = pgEnum('approval_status', approvalStatuses);
export const commentVisibilityEnum = pgEnum('comment_visibility', commentVisibilities);
export const apiTokenScopeEnum = pgEnum('api_token_scope', apiTokenScopes);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);
export const fieldTypeEnum = pgEnum('field_type', fieldTypes);
export const recipientRoleEnum = pgEnum('recipient_role', recipientRoles);
export const delegationRuleEnum = pgEnum('delegation_rule', delegationRules);
