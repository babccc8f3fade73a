/**
 * The texts of web access that the spec does not quote (docs/decisions/web-access.md "Web-access messages"): refusals
 * of bad rule input, in the style of MSG (messages.ts). Schemas, server and tests read them from here.
 */
export const WEB_ACCESS_MSG = {
  matchModeUnknown: 'Please choose how the address is matched: includes, starts with, ends with or exact',
  patternInvalid: 'Please enter a valid website address',
  endsWithPath: 'An "ends with" website is a domain name only: please leave out the path',
  lockedCategory: (name: string) => `${name} is always blocked by the provider and cannot be allowed`,
  categoryUnknown: 'Please choose a category from the list',
  scheduleEmpty: 'Please add at least one time window',
  scheduleWindowEmpty: 'A time window must end at a different time than it starts',
  requestIdRequired: 'A rule made from a request names the request',
  nodeTypeUnknown: 'Please choose a device (machine or mobile), a server user or the account',
  /** A deleted (deactivated) server user's web access is read only (issue 26; 000 §6 hides its pages). */
  nodeDeleted: 'This user has been deleted: their web access cannot be changed',
  nodeNotFound: 'This device or user could not be found',
  connectionNotFound: 'This server connection could not be found',
  subjectNotFound: 'This website, media item or category could not be found',
  accessFilterUnknown: 'Please choose access filters from: allowed, blocked, scheduled, not-scheduled',
  mediaTypeUnknown: 'Please choose media types from the list',
  oneSubject: 'Please choose exactly one website, media item or category',
  ruleUnknown: 'Please choose allow, block or inherit',
  expiryInvalid: 'Please enter a valid date and time',
  expiryPast: 'The end of a rule must be in the future',
  urlRequired: 'Please enter a website address',
  joinGroupAllowOnly: 'A website joins a website group only to be allowed: choose allow',
  joinGroupWebsitesOnly: 'Only websites join a website group',
  groupNotFound: 'This website group could not be found',
  requestsNotFound: 'These requests could not be found',
  requestersConnectionsNeedRequests:
    "The requesters' server connections are those of request threads: give request_ids",
  scheduleOnInherit: 'A schedule belongs to a rule: choose allow or block',
  requestersNeedRequests: "The requesters' devices and users are those of request threads: give request_ids",
  devicesNotFound: 'These devices could not be found',
} as const;
