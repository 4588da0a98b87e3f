// Bulk actions over the candidate lists (issue 23).
export {
  BulkActionBar,
  BulkSelectCell,
  EXPORT_ACTION,
  STATE_ACTIONS,
  TAG_ACTIONS,
  withSelectColumn,
  type BulkAction,
  type BulkActionContext,
} from './BulkActionBar';
export { BulkMoveDialog } from './BulkMoveDialog';
export { BulkExportDialog, exportFilterOf } from './BulkExportDialog';
export { BulkTagsDialog } from './BulkTagsDialog';
export { useBulkSelection, type BulkSelection } from './use-bulk-selection';
