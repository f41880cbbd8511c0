// The new-credential form's errors, as pure functions: dropping the ones a change settles,
// sorting an API refusal into field errors and a banner, and finding the field to focus first.
import { ApiRequestError } from "@/components/api/api-request-error";
import { type Errors, isFormField } from "@/components/credentials/new-credential-checks";
import { credentialsLink } from "@/lib/links/list-links";

/** The banner's words, and the dashboard link to the credential a 409 names (the one holding the account). */
export type FormError = { title: string; detail: string; existingHref?: string };

/** The errors whose API field path `settled` does not claim. */
export function errorsWithout(errors: Errors, settled: (path: string) => boolean): Errors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !settled(path)));
}

/** The API's refusal: field errors under their fields, the rest (or a lost answer) in the banner. */
export function refusalOf(error: unknown): { errors: Errors; formError: FormError | null } {
  if (!(error instanceof ApiRequestError)) {
    return {
      errors: {},
      formError: {
        title: "The credential was not created.",
        detail: "The service did not answer. Nothing was saved; try again.",
      },
    };
  }
  const errors: Errors = {};
  const unplaced: string[] = [];
  for (const fieldError of error.fieldErrors) {
    if (isFormField(fieldError.field)) errors[fieldError.field] ??= fieldError.message;
    else unplaced.push(`${fieldError.field} ${fieldError.message}`);
  }
  if (Object.keys(errors).length > 0 && unplaced.length === 0) return { errors, formError: null };
  return {
    errors,
    formError: {
      title: error.status === 409 ? "This account already has an enabled credential." : "The credential was not created.",
      detail: [error.message, ...unplaced].join(" "),
      existingHref: error.existingId ? credentialsLink({ id: error.existingId }) : undefined,
    },
  };
}

/** The element id of the first field (in the form's order of [path, element id]) that has an error. */
export function firstErrorFieldId(errors: Errors, order: readonly (readonly [string, string])[]): string | undefined {
  const additionalDataError = Object.keys(errors).some((path) => path.startsWith("additionalData"));
  return order.find(([path]) => errors[path] || (path === "additionalData" && additionalDataError))?.[1];
}
