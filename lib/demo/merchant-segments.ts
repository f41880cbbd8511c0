// Kinds of Brazilian shops: the words their names start with, their merchant category code
// (MCC), and how they sell (ticket size, card mix, installments, pre-authorizations, size).
import type { Weighted } from "@/lib/demo/seeded-random";

export type MerchantSegment = {
  key: string;
  prefixes: readonly string[];
  mcc: string;
  /** Median ticket in cents, and the spread of its log-normal distribution. */
  medianTicketCents: number;
  ticketSigma: number;
  /** Share of credit card sales that are split into installments (parcelado). */
  installmentShare: number;
  /** Share of sales that start as a pre-authorization (hotels, fuel). */
  preAuthorizationShare: number;
  /** Median number of POS terminals per shop. */
  medianTerminals: number;
};

const segment = (s: MerchantSegment) => s;

export const SEGMENTS: Weighted<MerchantSegment> = [
  [
    segment({
      key: "supermarket",
      prefixes: ["Supermercado", "Mercado", "Mercadinho", "Atacarejo"],
      mcc: "5411",
      medianTicketCents: 8_900,
      ticketSigma: 0.9,
      installmentShare: 0.03,
      preAuthorizationShare: 0,
      medianTerminals: 6,
    }),
    16,
  ],
  [
    segment({
      key: "bakery",
      prefixes: ["Padaria", "Panificadora", "Confeitaria"],
      mcc: "5462",
      medianTicketCents: 1_850,
      ticketSigma: 0.7,
      installmentShare: 0,
      preAuthorizationShare: 0,
      medianTerminals: 2,
    }),
    12,
  ],
  [
    segment({
      key: "restaurant",
      prefixes: ["Restaurante", "Churrascaria", "Cantina", "Lanchonete", "Pizzaria"],
      mcc: "5812",
      medianTicketCents: 6_500,
      ticketSigma: 0.7,
      installmentShare: 0.02,
      preAuthorizationShare: 0,
      medianTerminals: 3,
    }),
    14,
  ],
  [
    segment({
      key: "pharmacy",
      prefixes: ["Drogaria", "Farmácia"],
      mcc: "5912",
      medianTicketCents: 5_400,
      ticketSigma: 0.8,
      installmentShare: 0.04,
      preAuthorizationShare: 0,
      medianTerminals: 2,
    }),
    10,
  ],
  [
    segment({
      key: "fuel",
      prefixes: ["Auto Posto", "Posto"],
      mcc: "5541",
      medianTicketCents: 15_000,
      ticketSigma: 0.6,
      installmentShare: 0.01,
      preAuthorizationShare: 0.12,
      medianTerminals: 4,
    }),
    7,
  ],
  [
    segment({
      key: "apparel",
      prefixes: ["Boutique", "Moda", "Confecções", "Calçados"],
      mcc: "5651",
      medianTicketCents: 18_000,
      ticketSigma: 0.8,
      installmentShare: 0.45,
      preAuthorizationShare: 0,
      medianTerminals: 2,
    }),
    9,
  ],
  [
    segment({
      key: "electronics",
      prefixes: ["Eletro", "Magazine", "Celulares"],
      mcc: "5732",
      medianTicketCents: 85_000,
      ticketSigma: 0.9,
      installmentShare: 0.7,
      preAuthorizationShare: 0,
      medianTerminals: 3,
    }),
    5,
  ],
  [
    segment({
      key: "hotel",
      prefixes: ["Hotel", "Pousada"],
      mcc: "7011",
      medianTicketCents: 52_000,
      ticketSigma: 0.7,
      installmentShare: 0.3,
      preAuthorizationShare: 0.35,
      medianTerminals: 2,
    }),
    3,
  ],
  [
    segment({
      key: "pet",
      prefixes: ["Pet Shop", "Agropet"],
      mcc: "5995",
      medianTicketCents: 11_000,
      ticketSigma: 0.8,
      installmentShare: 0.08,
      preAuthorizationShare: 0,
      medianTerminals: 1,
    }),
    5,
  ],
  [
    segment({
      key: "building",
      prefixes: ["Materiais de Construção", "Casa de Tintas", "Depósito"],
      mcc: "5211",
      medianTicketCents: 26_000,
      ticketSigma: 1,
      installmentShare: 0.4,
      preAuthorizationShare: 0,
      medianTerminals: 2,
    }),
    5,
  ],
  [
    segment({
      key: "beauty",
      prefixes: ["Salão de Beleza", "Barbearia", "Estética"],
      mcc: "7230",
      medianTicketCents: 7_500,
      ticketSigma: 0.6,
      installmentShare: 0.05,
      preAuthorizationShare: 0,
      medianTerminals: 1,
    }),
    8,
  ],
  [
    segment({
      key: "optical",
      prefixes: ["Ótica"],
      mcc: "8043",
      medianTicketCents: 48_000,
      ticketSigma: 0.7,
      installmentShare: 0.75,
      preAuthorizationShare: 0,
      medianTerminals: 1,
    }),
    3,
  ],
  [
    segment({
      key: "bookstore",
      prefixes: ["Livraria", "Papelaria"],
      mcc: "5942",
      medianTicketCents: 7_200,
      ticketSigma: 0.8,
      installmentShare: 0.1,
      preAuthorizationShare: 0,
      medianTerminals: 1,
    }),
    3,
  ],
];
