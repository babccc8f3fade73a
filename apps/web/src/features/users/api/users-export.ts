/**
 * GET /users/export (000 §7, §7.3): the whole filtered, sorted list as base64 XLSX and a file name,
 * with the list's parameters less paging. Declared here once; the list controller calls it.
 */
export const usersExportEndpoint = { exportEndpoint: '/users/export' };
