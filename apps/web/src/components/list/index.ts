/**
 * The list kit: everything a paged, searchable, filterable, sortable, exportable list screen needs
 * (users, devices, requests, web access, screen captures). See features/users-list for the example.
 */
export * from './list-state';
export { useListState } from './use-list-state';
export { SearchBox } from './SearchBox';
export { FilterPopup, type FilterGroup } from './FilterPopup';
export { ListTable, type ListColumn } from './ListTable';
export { SortableHeader } from './SortableHeader';
export { sortLabel, type SortKind } from './sort-labels';
export { ListPagination, rangeText, pageCount } from './ListPagination';
export { ListEmptyState } from './ListEmptyState';
export { TimeText } from './TimeText';
export { ExportButton } from './ExportButton';
export { RowActionsMenu, type RowAction } from './RowActionsMenu';
export { saveBase64File } from './download';
