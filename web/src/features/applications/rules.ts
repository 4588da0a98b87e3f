/*
 * The form's rules: zod and the domain's schemas, the costliest modules of the form's chunk to
 * evaluate (~20–40 ms of one task unthrottled, four times that on a cheap phone). A shared
 * application link asks for this module as the app starts (main.tsx), so that they are evaluated
 * in a task of their own while the board is still being adopted, and the form's chunk later finds
 * them done (issue 22).
 */
export { applicationSchema } from '@bolsa/domain';
