/** Below Mantine's `xs` breakpoint (576 px): one card fills the width. */
export const PHONE_QUERY = '(max-width: 35.99em)';
