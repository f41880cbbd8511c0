import { describe, expect, it } from "vitest";
import { paymentStateOf } from "@/lib/events/list/payment-state";

const e = (transactionType: string, transactionStatus: string) => ({ transactionType, transactionStatus }) as never;

describe("paymentStateOf", () => {
  it("ranks a void or reversal over a capture over an authorization, whatever the arrival order", () => {
    expect(paymentStateOf([e("authorization", "approved")])).toBe("authorized");
    expect(paymentStateOf([e("pre_authorization", "approved")])).toBe("pre_authorized");
    expect(paymentStateOf([e("capture", "approved"), e("pre_authorization", "approved")])).toBe("captured");
    expect(paymentStateOf([e("void", "approved"), e("authorization", "approved"), e("capture", "approved")])).toBe("voided");
    expect(paymentStateOf([e("authorization", "approved"), e("reversal", "approved")])).toBe("reversed");
  });

  it("ignores what was not approved: pending while one is pending, else denied", () => {
    expect(paymentStateOf([e("authorization", "approved"), e("void", "denied")])).toBe("authorized");
    expect(paymentStateOf([e("authorization", "pending")])).toBe("pending");
    expect(paymentStateOf([e("authorization", "pending"), e("authorization", "denied")])).toBe("pending");
    expect(paymentStateOf([e("authorization", "denied")])).toBe("denied");
  });
});
