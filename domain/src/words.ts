/* Spanish words that follow a count. Plain functions, no imports: display modules use them. */

/** The singular for 1, the plural otherwise ('enviará' / 'enviarán'). */
export const pluralWord = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** The count and its noun: '1 carácter', '31 caracteres'. */
export const countWord = (n: number, one: string, many: string): string => `${n} ${pluralWord(n, one, many)}`;
