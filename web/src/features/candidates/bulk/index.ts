// Bulk actions over the candidate lists (issue 23).
export {
  BulkActionBar,
  BulkSelectCell,
  STATE_ACTIONS,
  TAG_ACTIONS,
  withSelectColumn,
  type BulkAction,
  type BulkActionContext,
} from './BulkActionBar';
export { BulkMoveDialog } from './BulkMoveDialog';
export { BulkTagsDialog } from './BulkTagsDialog';
export { useBulkSelection, type BulkSelection } from './use-bulk-selection';
