import {
  approvalDecisionBodySchema,
  approvalRuleBodySchema,
  approvalRuleListSchema,
  approvalRuleParamsSchema,
  contractApprovalSchema,
  updateApprovalRuleBodySchema,
} from '../api/approvals';
import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Approvals'];
const errors = { ...resourceErrors, 403: errorBodySchema };

export const approvalsApi = {
  rules: defineRoute({
    method: 'GET',
    path: '/approval-rules',
    tags,
    summary: "The organization's approval rules: for every contract, or per project",
    response: { 200: approvalRuleListSchema, ...errors },
  }),
  createRule: defineRoute({
    method: 'POST',
    path: '/approval-rules',
    tags,
    summary: 'Add a rule for every contract or for one project (admins; one rule per scope)',
    body: approvalRuleBodySchema,
    response: { 201: approvalRuleListSchema, ...errors },
  }),
  updateRule: defineRoute({
    method: 'PUT',
    path: '/approval-rules/:ruleId',
    tags,
    summary: 'Change who a rule asks to approve (admins)',
    params: approvalRuleParamsSchema,
    body: updateApprovalRuleBodySchema,
    response: { 200: approvalRuleListSchema, ...errors },
  }),
  deleteRule: defineRoute({
    method: 'DELETE',
    path: '/approval-rules/:ruleId',
    tags,
    summary: 'Remove a rule (admins)',
    params: approvalRuleParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/contracts/:id/approval',
    tags,
    summary: 'Who must approve a contract before it is sent, and where each of them stands',
    params: idParamsSchema,
    response: { 200: contractApprovalSchema, ...errors },
  }),
  request: defineRoute({
    method: 'POST',
    path: '/contracts/:id/approval/request',
    tags,
    summary: 'Ask the approvers the rules name to approve the draft as it is (they are notified)',
    params: idParamsSchema,
    response: { 200: contractApprovalSchema, ...errors },
  }),
  decide: defineRoute({
    method: 'POST',
    path: '/contracts/:id/approval/decision',
    tags,
    summary: 'Approve or reject the draft (a person the rules name, or an admin for "any admin")',
    params: idParamsSchema,
    body: approvalDecisionBodySchema,
    response: { 200: contractApprovalSchema, ...errors },
  }),
};
