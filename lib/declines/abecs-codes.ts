// The acquirer response codes of the Brazilian card market in words, with the retry class each
// belongs to. Source: ABECS Normativo 21, "Padronização dos códigos de resposta" (version 3,
// approved 2023-04-06: https://api.abecs.org.br/wp-content/uploads/2023/04/20230406-Normativo-21-V3-aprovado-publicacao.pdf),
// as the acquirers publish it (Cielo's "Códigos de Retorno ABECS"). A reversible decline may be
// approved on a later attempt (51: funds may arrive); an irreversible one never will, and the
// card brands charge the merchant for retrying it (the brands' retry programmes). Where a code
// holds several reasons of different classes across brands (62: a temporary block, or a domestic
// card abroad), the class below is the reason the Normativo lists first.
// Bottom floor: pure vocabulary, no imports. The description is the Normativo's reason, in
// English; `pt` keeps its Portuguese words.

export const RESPONSE_CODE_CLASSES = ["approved", "reversible", "irreversible", "unknown"] as const;
export type ResponseCodeClass = (typeof RESPONSE_CODE_CLASSES)[number];
/** The classes of a refusal: what the list's decline_class filter takes. */
export const DECLINE_CLASSES = ["reversible", "irreversible", "unknown"] as const;
export type DeclineClass = (typeof DECLINE_CLASSES)[number];

export const APPROVED_RESPONSE_CODE = "00";

type Entry = { class: Exclude<ResponseCodeClass, "unknown">; description: string; pt: string };

const approved = (description: string, pt: string): Entry => ({ class: "approved", description, pt });
const reversible = (description: string, pt: string): Entry => ({ class: "reversible", description, pt });
const irreversible = (description: string, pt: string): Entry => ({ class: "irreversible", description, pt });

/** Code (two characters, as the acquirer sends it) → its class and words. */
export const ABECS_RESPONSE_CODES: Readonly<Record<string, Entry>> = {
  "00": approved("Approved", "Transação aprovada"),
  "04": reversible("Redo the transaction (the issuer asks for a retry)", "Refazer a transação (emissor solicita retentativa)"),
  "05": reversible("Generic refusal", "Genérica"),
  "06": reversible("Merchant, contact the acquirer", "Consultar credenciador"),
  "12": irreversible("Card error", "Erro no cartão"),
  "13": irreversible("Invalid transaction amount", "Valor da transação inválido"),
  "14": irreversible("Invalid card number", "Número do cartão não pertence ao emissor / inválido"),
  "19": irreversible("Acquirer problem", "Problema adquirente"),
  "23": irreversible("Invalid instalment amount", "Valor da parcela inválido"),
  "30": irreversible("Message format error", "Erro de formato (mensageria)"),
  "38": reversible("Password attempts exceeded (purchase)", "Excedidas tentativas de senha / compras"),
  "41": irreversible("Lost card", "Cartão perdido"),
  "43": irreversible("Stolen card", "Cartão roubado"),
  "46": irreversible("Closed account", "Conta encerrada"),
  "51": reversible("Insufficient funds", "Saldo / limite insuficiente"),
  "54": irreversible("Expired card", "Cartão vencido / data de validade inválida"),
  "55": reversible("Invalid password", "Senha inválida"),
  "56": irreversible("Invalid card number", "Número do cartão não pertence ao emissor / inválido"),
  "57": irreversible("Transaction not allowed for the card", "Transação não permitida para o cartão"),
  "58": irreversible("Invalid merchant", "Comerciante inválido"),
  "59": reversible("Suspected fraud", "Suspeita de fraude"),
  "61": reversible("Amount over the limit", "Valor excesso / saque"),
  "62": reversible("Card temporarily blocked", "Bloqueio temporário (ex.: inadimplência)"),
  "63": irreversible("Security violation", "Violação de segurança"),
  "64": irreversible("Below the minimum transaction amount", "Valor mínimo da transação inválido"),
  "65": reversible("Withdrawal count exceeded", "Quantidade de saques excedida"),
  "75": reversible("Password attempts exceeded (withdrawal)", "Excedidas tentativas de senha / saque"),
  "76": irreversible("Invalid destination account", "Conta destino inválida ou inexistente"),
  "77": irreversible("Invalid origin account", "Conta origem inválida ou inexistente"),
  "78": reversible("New card not unlocked, or blocked by the holder", "Cartão novo sem desbloqueio / bloqueado"),
  "82": irreversible("Invalid card (cryptogram)", "Cartão inválido (criptograma)"),
  "83": irreversible("Password system error", "Erro no sistema de senhas"),
  "91": reversible("Issuer unavailable", "Emissor fora do ar"),
  "96": reversible("System failure", "Falha do sistema"),
  AB: irreversible("Wrong function (use debit)", "Função incorreta (débito)"),
  AC: irreversible("Wrong function (use credit)", "Usar função crédito"),
  N7: irreversible("Invalid security code", "Código de segurança inválido"),
  P5: reversible("Password change or unlock needed", "Troca de senha / desbloqueio"),
  R0: irreversible("Recurring payment stopped for this service", "Suspensão de pagamento recorrente para um serviço"),
  R1: irreversible("Recurring payments stopped for every service", "Suspensão de pagamento recorrente para todos os serviços"),
};

export type ResponseCodeDescription = {
  code: string;
  class: ResponseCodeClass;
  description: string;
  /** The Normativo's Portuguese words; null for an unknown code. */
  pt: string | null;
};

/**
 * A code's words and class. Codes are matched as sent (letters in any case): a code of another
 * length (Stone's ISO 8583 "0000", Cielo e-commerce's one-digit ReturnCode) is not ABECS, so
 * it is unknown rather than guessed. A refusal without a code ("") is unknown too.
 */
export function describeResponseCode(code: string): ResponseCodeDescription {
  if (code === "") return { code, class: "unknown", description: "No response code", pt: null };
  const key = code.toUpperCase();
  const entry = Object.hasOwn(ABECS_RESPONSE_CODES, key) ? ABECS_RESPONSE_CODES[key] : undefined;
  return entry
    ? { code, class: entry.class, description: entry.description, pt: entry.pt }
    : { code, class: "unknown", description: `Unknown code ${code}`, pt: null };
}

/** The class of a refusal's code: an approving code on a refusal says nothing of why, so unknown. */
export function declineClassOf(code: string): DeclineClass {
  const cls = describeResponseCode(code).class;
  return cls === "approved" ? "unknown" : cls;
}

/** "51 · Insufficient funds · reversible": a code in one line, as the pages and the CSV show it. */
export function responseCodeLine(code: string): string {
  const d = describeResponseCode(code);
  return d.class === "unknown" ? d.description : `${d.code} · ${d.description} · ${d.class}`;
}

/** The codes of a class (as the table holds them, upper case); [] for unknown, which is "none of the table's". */
export function codesOfClass(cls: ResponseCodeClass): string[] {
  return Object.entries(ABECS_RESPONSE_CODES)
    .filter(([, entry]) => entry.class === cls)
    .map(([code]) => code);
}

/** Every code the table knows: what `unknown` is not. */
export const KNOWN_RESPONSE_CODES: readonly string[] = Object.keys(ABECS_RESPONSE_CODES);
