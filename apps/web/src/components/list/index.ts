/**
 * The list kit: a list's declaration (defineList), its controller (useListController), the filter
 * kinds and their UI pieces, and the table, pager and toolbar pieces of a paged, searchable,
 * filterable, sortable, exportable list screen (users, devices, requests, web access, screen
 * captures). README.md is the recipe; features/users-list is the worked example.
 */
export { defineList, listQueryKey, type ListDefinition, type ParamOf, type SortOf } from './list-definition';
export { useListController, type ControllerOf } from './use-list-controller';
export * from './list-state';
export { savedViewKey } from './saved-view';
export type { AnyFilter, ApiValue, FilterKind, FilterValues } from './filters/filter-kind';
export { appliedCount } from './filters/filter-kind';
export { flagsFilter, appliedFilterCount, flagDefaults, type Flags } from './filters/flags';
export { choiceFilter } from './filters/choice';
export {
  groupedChoiceFilter,
  groupState,
  toggleGroup,
  toggleOption,
  appliedLabel,
  type ChoiceGroup,
  type GroupState,
} from './filters/grouped-choice';
export {
  dateRangeFilter,
  rangeLabel,
  rangeSeconds,
  presetDays,
  clickDay,
  ALL_DATES,
  DAY_LABEL_FORMAT,
  type DateRange,
} from './filters/date-range';
export { filterIndexFilter, FILTER_INDEX_PARAM } from './filters/filter-index';
export { headerState, type RowKey, type HeaderState } from './selection';
export { useRowSelection, type RowSelection } from './use-row-selection';
export { SearchBox } from './SearchBox';
export { FilterPopup, FlagsFilterPopup, type FilterGroup } from './FilterPopup';
export { ChoiceMenu } from './ChoiceMenu';
export { GroupedChoicePopup } from './GroupedChoicePopup';
export { DateRangeFilter } from './DateRangeFilter';
export { FilterTabs } from './FilterTabs';
export { ListTable, type ListColumn, type RowExpansion, type RowChoice } from './ListTable';
export { SortableHeader } from './SortableHeader';
export { sortLabel, type SortKind } from './sort-labels';
export { ListPagination } from './ListPagination';
export { rangeText, pageCount, pageAfterEnd } from './paging';
export { ListPager } from './ListPager';
export { ListLoadError } from './ListLoadError';
export { ListScreen, type ListScreenController, type ListTableProps } from './ListScreen';
export { ListContext, useListEnvironment, type ListClient, type ListEnvironment } from './list-context';
export { ListEmptyState } from './ListEmptyState';
export { TimeText } from './TimeText';
export { ExportButton } from './ExportButton';
export { RowActionsMenu, type RowAction } from './RowActionsMenu';
export { saveBase64File } from './download';
