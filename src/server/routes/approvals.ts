import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalsApi } from '../../shared/routes/approvals';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import {
  createApprovalRule,
  deleteApprovalRule,
  listApprovalRules,
  updateApprovalRule,
} from '../services/approvals/approval-rules';
import { decideApproval } from '../services/approvals/decide-approval';
import { getContractApproval } from '../services/approvals/get-contract-approval';
import { requestApproval } from '../services/approvals/request-approval';
import { registerRoute } from './register-route';

export const approvalRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, approvalsApi.rules, {}, async (request) => listApprovalRules(contextOf(request)));

  registerRoute(app, approvalsApi.createRule, {}, async (request, reply) => {
    const ctx = contextOf(request);
    await createApprovalRule(ctx, request.body);
    return reply.status(201).send(await listApprovalRules(ctx));
  });

  registerRoute(app, approvalsApi.updateRule, {}, async (request) => {
    const ctx = contextOf(request);
    await updateApprovalRule(ctx, request.params.ruleId, request.body);
    return listApprovalRules(ctx);
  });

  registerRoute(app, approvalsApi.deleteRule, {}, async (request, reply) => {
    await deleteApprovalRule(contextOf(request), request.params.ruleId);
    return reply.status(204).send();
  });

  registerRoute(app, approvalsApi.get, {}, async (request) =>
    getContractApproval(contextOf(request), request.params.id),
  );

  registerRoute(app, approvalsApi.request, {}, async (request) => {
    const ctx = contextOf(request);
    await requestApproval(ctx, request.params.id);
    return getContractApproval(ctx, request.params.id);
  });

  registerRoute(app, approvalsApi.decide, {}, async (request) => {
    const ctx = contextOf(request);
    await decideApproval(ctx, request.params.id, request.body);
    return getContractApproval(ctx, request.params.id);
  });
};
