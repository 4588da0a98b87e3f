/**
 * Chromium's focus fixup, which happy-dom lacks: a focused control that becomes disabled (a
 * Mantine Button with `loading`) loses focus to <body>. Returns the function that stops it.
 */
export function emulateFocusFixup(): () => void {
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body || !active.matches(':disabled')) return;
    // happy-dom does not blur a disabled control: enabled for the moment of the blur.
    active.removeAttribute('disabled');
    active.blur();
    active.setAttribute('disabled', '');
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}
