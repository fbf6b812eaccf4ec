import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { fieldError, fieldErrors } from '@portico/contracts';

export type FormValues<K extends string> = Record<K, string>;

/**
 * The contracts rule of one field. A function when the rule depends on other fields (confirm
 * password against the password typed so far).
 */
export type FieldRule<K extends string> = z.ZodType | ((values: FormValues<K>) => z.ZodType);

export interface FormFieldsOptions<K extends string> {
  initial: FormValues<K>;
  /** Per field, the rule checked on blur (and on submit when there is no `schema`). */
  rules: Record<K, FieldRule<K>>;
  /**
   * The whole-form schema of contracts (registerFormSchema, resetFormSchema): on submit it
   * decides, so the form accepts exactly what the contract accepts.
   */
  schema?: z.ZodType;
  /** False for forms whose fields are checked only on submit. */
  validateOnBlur?: boolean;
}

/** What a `TextField` needs from the form for one field. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (() => void) | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * Field values and messages for a form (specification, section 5): a field is checked with its
 * rule when it loses focus, every field when the form is submitted, and a field's message goes
 * away as soon as it is edited.
 */
export function useFormFields<K extends string>(options: FormFieldsOptions<K>) {
  const { rules, schema, validateOnBlur = true } = options;
  const [values, setValues] = useState<FormValues<K>>(options.initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // The inputs by field, to move focus to the first one with a message after a submit.
  const inputs = useRef(new Map<K, HTMLInputElement>());

  const setValue = useCallback((name: K, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => {
      if (previous[name] === undefined) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }, []);

  function ruleOf(name: K, current: FormValues<K>): z.ZodType {
    const rule = rules[name];
    return typeof rule === 'function' ? rule(current) : rule;
  }

  function validateField(name: K): void {
    const message = fieldError(ruleOf(name, values), values[name]);
    setErrors((previous) => ({ ...previous, [name]: message }));
  }

  /** Checks every field, shows every message, focuses the first bad field; true when all pass. */
  function validateAll(): boolean {
    const names = Object.keys(rules) as K[];
    const next: Partial<Record<K, string>> = {};
    const fromSchema = schema ? fieldErrors(schema, values) : undefined;
    for (const name of names) {
      const message = fromSchema
        ? fromSchema[name]
        : fieldError(ruleOf(name, values), values[name]);
      if (message !== undefined) next[name] = message;
    }
    setErrors(next);
    const first = names.find((name) => next[name] !== undefined);
    if (first !== undefined) inputs.current.get(first)?.focus();
    return first === undefined;
  }

  function bind(name: K): BoundField {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event) => setValue(name, event.target.value),
      onBlur: validateOnBlur ? () => validateField(name) : undefined,
      inputRef: (element) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
    };
  }

  return { values, errors, bind, setValue, validateField, validateAll };
}
