// Tags on candidates (issue 23): badges, the detail's editor and the lists' filter.
export { CandidateTags } from './CandidateTags';
export { TagBadges, tagColor, type TagLike } from './TagBadges';
export { TagFilter, type TagCountLike } from './TagFilter';
export { TagPicker } from './TagPicker';
export { readTagIds, useTagFilter } from './use-tag-filter';
