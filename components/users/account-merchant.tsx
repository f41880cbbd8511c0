"use client";

// The merchant of a merchant account: the field the New user and Change role dialogs show when
// the role is `merchant`, and the merchant's name in the users list.
import { useId } from "react";
import { MerchantPicker } from "@/components/merchants/merchant-picker";
import { useMerchant } from "@/components/merchants/merchant-queries";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";

export function AccountMerchantField({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (merchantId: string | undefined) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = useId();
  const hintId = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Merchant</Label>
      <p id={hintId} className="text-sm text-(--fg-muted)">
        The account sees and changes this merchant's data only.
      </p>
      <MerchantPicker
        id={id}
        value={value}
        onChange={(merchant) => onChange(merchant?.id)}
        invalid={Boolean(error)}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The merchant's name (its id while loading or when it cannot be read). */
export function AccountMerchantName({ merchantId }: { merchantId: string }) {
  const merchant = useMerchant(merchantId);
  return (
    <span className="block text-xs text-(--fg-muted)" data-testid="user-merchant">
      {merchant.data?.name ?? <span className="font-mono">{merchantId}</span>}
    </span>
  );
}
