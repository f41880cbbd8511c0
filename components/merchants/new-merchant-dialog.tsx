"use client";

// "New merchant" and "Edit merchant": name and CNPJ (masked as typed), checked with the API's own
// schema before it is sent (POST, or PATCH for an existing merchant); the API's refusals (a CNPJ
// already registered) appear under their field.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { ApiRequestError } from "@/components/api/api-request-error";
import { maskCnpjInput } from "@/components/merchants/cnpj-mask";
import { merchantKeys } from "@/components/merchants/merchant-queries";
import { ActionDialog } from "@/components/ui/action-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CreateButton } from "@/components/ui/create-button";
import { fieldMessage } from "@/components/ui/field-error";
import { TYPED_AS_IS } from "@/components/ui/input";
import { TextField } from "@/components/ui/text-field";
import { showToast } from "@/components/ui/toast";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useIdempotentCreate } from "@/components/ui/use-idempotent-create";
import { formatCnpj, isValidCnpj, normalizeCnpj } from "@/lib/merchants/cnpj";
import type { MerchantDto } from "@/lib/merchants/merchant-dto";
import { createMerchantBody } from "@/lib/merchants/schemas";

type Errors = { name?: string; taxId?: string; form?: string };

const LABELS = { name: "Legal name", taxId: "CNPJ" } as const;

function MerchantForm({
  formId,
  merchant: existing,
  onCreated,
  onPendingChange,
}: {
  formId: string;
  /** The merchant to change; a new one is registered without it. */
  merchant?: MerchantDto;
  onCreated: (m: MerchantDto) => void;
  onPendingChange: (p: boolean) => void;
}) {
  const ids = { name: useId(), taxId: useId() };
  const submit = useApiSubmit();
  const queryClient = useQueryClient();
  const [name, setName] = useState(existing?.name ?? "");
  const [taxId, setTaxId] = useState(existing ? formatCnpj(existing.taxId) : "");
  const [errors, setErrors] = useState<Errors>({});
  const { create } = useIdempotentCreate();
  const nameRef = useRef<HTMLInputElement>(null);
  const taxIdRef = useRef<HTMLInputElement>(null);

  function focusFirstInvalid(next: Errors) {
    if (next.name) nameRef.current?.focus();
    else if (next.taxId) taxIdRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createMerchantBody.safeParse({ name, taxId });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "name" || field === "taxId") && !next[field]) next[field] = fieldMessage(LABELS[field], issue.message);
      }
      setErrors(next);
      focusFirstInvalid(next);
      return;
    }
    setErrors({});
    onPendingChange(true);
    try {
      // A change is idempotent by nature (PATCH sets values); a registration carries a key.
      const merchant = existing
        ? await submit<MerchantDto>(`/v1/merchants/${existing.id}`, { method: "PATCH", body: parsed.data })
        : await create<MerchantDto>("/v1/merchants", parsed.data);
      queryClient.setQueryData(merchantKeys.detail(merchant.id), merchant);
      await queryClient.invalidateQueries({ queryKey: merchantKeys.all });
      showToast({
        title: existing ? "Merchant changed" : "Merchant registered",
        description: `${merchant.name} · ${formatCnpj(merchant.taxId)}`,
      });
      onCreated(merchant);
    } catch (error) {
      const next: Errors = {};
      if (error instanceof ApiRequestError) {
        for (const fieldError of error.fieldErrors) {
          if (fieldError.field === "name" || fieldError.field === "taxId") {
            next[fieldError.field] ??= fieldMessage(LABELS[fieldError.field], fieldError.message);
          }
        }
        if (error.code === "tax_id_taken") next.taxId = "This CNPJ is already registered to another merchant.";
        if (!next.name && !next.taxId) next.form = error.message;
      } else {
        next.form = `The merchant could not be ${existing ? "changed" : "registered"}: the service did not answer. Try again.`;
      }
      setErrors(next);
      focusFirstInvalid(next);
    } finally {
      onPendingChange(false);
    }
  }

  const complete = normalizeCnpj(taxId).length === 14;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-5">
      {errors.form ? (
        <Alert title={existing ? "The merchant was not changed." : "The merchant was not registered."}>{errors.form}</Alert>
      ) : null}
      <TextField
        ref={nameRef}
        id={ids.name}
        label={LABELS.name}
        error={errors.name}
        name="name"
        autoComplete="organization"
        data-autofocus
        value={name}
        maxLength={200}
        onChange={(e) => {
          setName(e.target.value);
          if (errors.name) setErrors((prev) => ({ ...prev, name: undefined }));
        }}
      />
      <TextField
        ref={taxIdRef}
        id={ids.taxId}
        label={LABELS.taxId}
        hint="14 characters with check digits. The 2026 alphanumeric form (letters in the first 12) is accepted."
        error={errors.taxId}
        name="taxId"
        {...TYPED_AS_IS}
        placeholder="00.000.000/0000-00"
        className="font-mono tracking-wide"
        value={taxId}
        onChange={(e) => {
          const masked = maskCnpjInput(e.target.value);
          setTaxId(masked);
          if (errors.taxId) setErrors((prev) => ({ ...prev, taxId: undefined }));
        }}
        onBlur={() => {
          // Say it when the field is left complete but wrong; an unfinished one is judged on submit.
          if (complete && !isValidCnpj(taxId)) {
            setErrors((prev) => ({ ...prev, taxId: fieldMessage(LABELS.taxId, "has wrong check digits: check the last two") }));
          }
        }}
      />
    </form>
  );
}

const COPY = {
  new: {
    dialog: {
      title: "New merchant",
      description: "Register a company by its legal name and CNPJ. Credentials are then linked to it.",
      testId: "new-merchant-dialog",
    },
    submit: "Register merchant",
    pending: "Registering…",
  },
  edit: {
    dialog: {
      title: "Edit merchant",
      description: "Correct the legal name or the CNPJ. The change is recorded in the audit log.",
      testId: "edit-merchant-dialog",
    },
    submit: "Save changes",
    pending: "Saving…",
  },
};

/** The dialog around the form: registers a merchant, or changes `merchant` when given. */
function MerchantDialog({
  open,
  onClose,
  merchant,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  merchant?: MerchantDto;
  onSaved: (merchant: MerchantDto) => void;
}) {
  const [pending, setPending] = useState(false);
  const formId = useId();
  const copy = merchant ? COPY.edit : COPY.new;
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      {...copy.dialog}
      action={{ form: formId, label: copy.submit, pendingLabel: copy.pending, pending }}
    >
      {/* A new merchant's form keeps what was typed across a Cancel; an edit starts again from the merchant's values. */}
      {merchant && !open ? null : (
        <MerchantForm formId={formId} merchant={merchant} onPendingChange={setPending} onCreated={onSaved} />
      )}
    </ActionDialog>
  );
}

export function NewMerchantButton({ onCreated }: { onCreated?: (merchant: MerchantDto) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <CreateButton onClick={() => setOpen(true)}>New merchant</CreateButton>
      <MerchantDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={(merchant) => {
          setOpen(false);
          onCreated?.(merchant);
        }}
      />
    </>
  );
}

/** "Edit" on a merchant's row: the same form, prefilled, sent as PATCH; audited by the API. */
export function EditMerchantButton({ merchant }: { merchant: MerchantDto }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`Edit ${merchant.name}`}>
        Edit
      </Button>
      <MerchantDialog open={open} onClose={() => setOpen(false)} merchant={merchant} onSaved={() => setOpen(false)} />
    </>
  );
}
