/**
 * GET /devices/export (001 §7): the whole filtered, sorted list as base64 XLSX and a file name, with
 * the list's parameters less paging. Declared here once; the list controller calls it.
 */
export const devicesExportEndpoint = { exportEndpoint: '/devices/export' };
