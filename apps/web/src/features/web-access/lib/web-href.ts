/** A row's address as a link: shared with the request lists, in lib/web-href.ts. */
export { webHref } from '../../../lib/web-href';
