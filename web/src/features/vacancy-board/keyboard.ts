import type { KeyboardCoordinateGetter, KeyboardSensorOptions, UniqueIdentifier } from '@dnd-kit/core';

/** Space or Enter picks a card up and drops it, Escape cancels (the card's link is outside its handle). */
export const BOARD_KEYBOARD_CODES: KeyboardSensorOptions['keyboardCodes'] = {
  start: ['Space', 'Enter'],
  cancel: ['Escape'],
  end: ['Space', 'Enter'],
};

/**
 * Left and right arrows carry the lifted card to the previous or next column (one key press, one
 * column, whatever the columns' width); up and down do nothing. A column scrolled out of the
 * board's view is scrolled into it by the sensor.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
  if (step === 0) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  const columns: { id: UniqueIdentifier; left: number; right: number }[] = [];
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (rect) columns.push({ id: container.id, left: rect.left, right: rect.right });
  }
  columns.sort((a, b) => a.left - b.left);
  const centre = collisionRect ? collisionRect.left + collisionRect.width / 2 : currentCoordinates.x;
  let index = over ? columns.findIndex((c) => c.id === over.id) : -1;
  if (index < 0) index = columns.findIndex((c) => c.left <= centre && centre < c.right);
  const next = columns[index + step];
  if (!next) return undefined;
  return { x: next.left + 8, y: currentCoordinates.y };
};
