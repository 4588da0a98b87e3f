import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import { lengthNotice, type LengthNotice } from '@bolsa/domain';
import { useState, type ChangeEvent, type ReactNode, type Ref } from 'react';

/*
 * Text fields with a length limit that never cut what is typed or pasted. A native `maxlength`
 * drops the end of a pasted text without a word; these keep it whole, say how much is left near the
 * limit and by how much it is over past it (domain's `lengthNotice`), and the form's schema refuses
 * it on sending with its own message. Controlled or uncontrolled (Mantine's `mode: 'uncontrolled'`):
 * an uncontrolled field renders again only when what it says changes.
 */

interface FieldLike<E> {
  value?: string | number | readonly string[];
  defaultValue?: string | number | readonly string[];
  onChange?: (event: ChangeEvent<E, E>) => void;
  error?: ReactNode;
  description?: ReactNode;
  inputWrapperOrder?: ('label' | 'input' | 'description' | 'error')[];
}

/** What is left is said under the field, where the eye is while typing; the field's own description gives way to it. */
const NOTICE_BELOW: FieldLike<HTMLInputElement>['inputWrapperOrder'] = ['label', 'input', 'description', 'error'];

const sameNotice = (a: LengthNotice | null, b: LengthNotice | null) => a?.text === b?.text;

function useLengthLimit<E extends HTMLInputElement | HTMLTextAreaElement, P extends FieldLike<E>>(
  props: P,
  limit: number,
): P {
  const controlled = props.value !== undefined;
  const [typed, setTyped] = useState(() => lengthNotice(String(props.defaultValue ?? ''), limit));
  const notice = controlled ? lengthNotice(String(props.value), limit) : typed;
  return {
    ...props,
    onChange: (event: ChangeEvent<E, E>) => {
      // The form's handler first: a typing filter may change the input's text.
      props.onChange?.(event);
      if (controlled) return;
      const next = lengthNotice(event.currentTarget.value, limit);
      if (!sameNotice(next, typed)) setTyped(next);
    },
    error: props.error || (notice?.over ? notice.text : undefined),
    ...(notice && !notice.over
      ? { description: notice.text, inputWrapperOrder: props.inputWrapperOrder ?? NOTICE_BELOW }
      : {}),
  };
}

/** A one-line field of at most `limit` characters (see the top of this module). */
export function LimitedTextInput({ limit, ...props }: TextInputProps & { limit: number; ref?: Ref<HTMLInputElement> }) {
  return <TextInput {...useLengthLimit<HTMLInputElement, typeof props>(props, limit)} />;
}

/** A multi-line field of at most `limit` characters (see the top of this module). */
export function LimitedTextarea({
  limit,
  ...props
}: TextareaProps & { limit: number; ref?: Ref<HTMLTextAreaElement> }) {
  return <Textarea {...useLengthLimit<HTMLTextAreaElement, typeof props>(props, limit)} />;
}
