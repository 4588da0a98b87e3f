import { parseTestScore, TEST_CATEGORIES, TEST_CATEGORY_LABEL, type TestCategory } from '@bolsa/domain';

/** Pure rules of the test-assignment screen (spec 3 §2.4, §5), kept apart for unit tests. */

export interface TemplateLike {
  id: string;
  name: string;
  category: string;
  active: boolean;
}

export interface TemplateGroup<T> {
  category: TestCategory;
  label: string;
  templates: T[];
}

/** Only active templates are offered, grouped by category in the catalogue's order, by name within. */
export function groupActiveTemplates<T extends TemplateLike>(templates: readonly T[]): TemplateGroup<T>[] {
  return TEST_CATEGORIES.map((category) => ({
    category,
    label: TEST_CATEGORY_LABEL[category],
    templates: templates
      .filter((t) => t.active && t.category === category)
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
  })).filter((g) => g.templates.length > 0);
}

/** fecha límite on blur: a date before today (or unreadable) becomes today; today or later stays. */
export function deadlineOnBlur(value: string, today: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today ? value : today;
}

/** The score field's text for recordTestResult: blank is no score; the domain's range and rounding. */
export const parseScore = (raw: string): number | null | 'invalid' => parseTestScore(raw);
