import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailApi } from '../../shared/routes/mail';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { listOutbox } from '../services/mail/list-outbox';
import { registerRoute } from './register-route';

export const mailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, mailApi.outbox, {}, async (request) => listOutbox(contextOf(request)));
};
