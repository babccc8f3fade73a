/**
 * The block page (issue 11): POST /api/agent/v1/block-page (a device asks for a page for an address it
 * blocked), GET /api/agent/v1/block-page (the page, public: its sealed ticket is the key), POST
 * /api/agent/v1/block-page/ask (the page's form; public, a urlencoded HTML form, answered with a
 * redirect back to the page saying what became of the ask). A ticket that was changed or has expired
 * shows the "link has expired" page (410), as does one whose device is not its account's. A ticket is a
 * bearer key for an hour: the page routes' logged URL carries `t=[redacted]` (their route-level log
 * serializer), and the form sends it in the body, which is never logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentBlockPageBody, agentBlockPageResponse, blockPageAskBody, blockPageQuery } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { askFromPage, BLOCK_PAGE_PATH, blockPageView, issueTicket, openTicket } from './block-page.js';
import { renderBlockPage } from './block-page-html.js';

/** A URL as the page routes log it: the ticket's value (query key `t`) left out. */
export const withoutTicket = (url: unknown): unknown =>
  typeof url === 'string' ? url.replace(/([?&]t=)[^&#]*/g, '$1[redacted]') : url;
/** Applied by Fastify to the `url` of every line the route's request logger writes (lib/request-log.ts's too). */
const logSerializers = { url: withoutTicket };

const blockPageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's form posts a urlencoded body; this parser is scoped to these routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const askPath = `${BLOCK_PAGE_PATH}/ask`;
  const pageLimit = { key: 'agent_block_page', perMinute: 600, by: 'ip' as const };

  app.post(
    '/block-page',
    {
      config: { agent: 'device', deviceLimit: 'pages' },
      schema: { tags: ['agent'], body: agentBlockPageBody, response: { 200: agentBlockPageResponse } },
    },
    async (request) =>
      issueTicket(app.config.SECRET_KEY, app.config.PUBLIC_URL, deviceOf(request), request.body, new Date()),
  );

  app.get(
    '/block-page',
    {
      config: { agent: 'public', rateLimit: pageLimit },
      logSerializers,
      schema: { tags: ['agent'], querystring: blockPageQuery },
    },
    async (request, reply) => {
      const now = new Date();
      const ticket = openTicket(app.config.SECRET_KEY, request.query.t, now);
      const view = ticket ? await blockPageView(app.db, ticket, now) : ({ state: 'expired' } as const);
      return reply
        .code(view.state === 'expired' ? 410 : 200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderBlockPage(view, { ticket: request.query.t, askPath, asked: request.query.asked }));
    },
  );

  app.post(
    '/block-page/ask',
    {
      config: { agent: 'public', form: true, rateLimit: { ...pageLimit, key: 'agent_block_page_ask', perMinute: 60 } },
      logSerializers,
      schema: { tags: ['agent'], body: blockPageAskBody },
    },
    async (request, reply) => {
      const now = new Date();
      const ticket = openTicket(app.config.SECRET_KEY, request.body.t, now);
      const asked = ticket ? await askFromPage(app.db, ticket, request.body.notes, now) : null;
      if (asked === null)
        return reply
          .code(410)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderBlockPage({ state: 'expired' }, { ticket: '', askPath }));
      const back = `${BLOCK_PAGE_PATH}?t=${encodeURIComponent(request.body.t)}&asked=${asked}`;
      return reply.code(303).header('location', back).send();
    },
  );
};

export default blockPageRoutes;
