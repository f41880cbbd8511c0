import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { QUERY_NOT_UTF8_MESSAGE, readQuery } from "@/lib/http/query";

const schema = z.strictObject({ merchant_name: z.string().optional(), limit: z.string().optional() });
const read = (search: string) => readQuery(new Request(`http://localhost/v1/x${search}`), schema);

/** The field errors readQuery refuses `search` with. */
function refusal(search: string) {
  try {
    read(search);
  } catch (error) {
    if (error instanceof ApiError) return error.errors;
    throw error;
  }
  throw new Error(`${search} was taken`);
}

describe("readQuery and bytes that are not UTF-8", () => {
  it("refuses a percent-encoded value or name that is not UTF-8, by the parameter's name", () => {
    const notUtf8 = (field: string) => [{ field, message: QUERY_NOT_UTF8_MESSAGE }];
    expect(refusal("?merchant_name=%FF")).toEqual(notUtf8("merchant_name"));
    expect(refusal("?limit=1&merchant_name=Jo%e3o")).toEqual(notUtf8("merchant_name"));
    expect(refusal("?merchant_name=%ED%A0%80")).toEqual(notUtf8("merchant_name")); // U+D800
    expect(refusal("?merchant_name=%F0%9F%98")).toEqual(notUtf8("merchant_name")); // cut short
    expect(refusal("?merchant%20name=%C0%AF")).toEqual(notUtf8("merchant name")); // decoded name
    expect(refusal("?na%FFme=1")).toEqual(notUtf8("na%FFme")); // the name as sent
    expect(refusal(`?${"n".repeat(100)}%FF=1`)).toEqual(notUtf8(`${"n".repeat(64)}…`));
  });

  it("reads UTF-8, '+' and a '%' that starts no escape as URLSearchParams does", () => {
    expect(read("?merchant_name=Jo%C3%A3o+%F0%9F%98%80")).toEqual({ merchant_name: "João \u{1f600}" });
    expect(read("?merchant_name=100%&limit=%zz%E2%82%AC")).toEqual({ merchant_name: "100%", limit: "%zz€" });
    expect(read("?merchant_name=%EF%BF%BD")).toEqual({ merchant_name: "\ufffd" });
    expect(read("")).toEqual({});
  });
});
