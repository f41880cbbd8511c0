// ABECS response codes (the Brazilian card industry's list, returned to the terminal): "00"
// approves; the declines below are the ones a POS sees most, weighted by how often they occur.
import type { Weighted } from "@/lib/demo/seeded-random";

export const APPROVED_RESPONSE_CODE = "00";

export const CARD_DECLINE_CODES: Weighted<string> = [
  ["51", 30], // saldo ou limite insuficiente
  ["05", 24], // não autorizada (genérica)
  ["55", 9], // senha inválida
  ["57", 6], // transação não permitida para o cartão
  ["59", 4], // suspeita de fraude
  ["54", 4], // cartão vencido
  ["82", 3], // cartão inválido (criptograma)
  ["N7", 3], // código de segurança inválido
  ["14", 3], // número do cartão inválido
  ["75", 2], // senha bloqueada: tentativas excedidas
  ["61", 2], // valor acima do limite
  ["62", 2], // cartão com restrição
  ["91", 2], // emissor fora do ar
  ["78", 1], // cartão novo sem desbloqueio
  ["63", 1], // violação de segurança
  ["96", 1], // falha do sistema
];

/** Pix refusals reported by the acquirer: no card to blame, so generic, policy and outage codes. */
export const PIX_DECLINE_CODES: Weighted<string> = [
  ["05", 50],
  ["57", 20],
  ["59", 15],
  ["91", 10],
  ["96", 5],
];
