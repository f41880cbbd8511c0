// Brazilian cities where demo merchants sit: centre coordinates and a weight close to the
// share of card volume (the big capitals first).
import type { Weighted } from "@/lib/demo/seeded-random";

export type City = { name: string; state: string; latitude: number; longitude: number };

const city = (name: string, state: string, latitude: number, longitude: number): City => ({ name, state, latitude, longitude });

export const CITIES: Weighted<City> = [
  [city("São Paulo", "SP", -23.5505, -46.6333), 22],
  [city("Rio de Janeiro", "RJ", -22.9068, -43.1729), 11],
  [city("Belo Horizonte", "MG", -19.9167, -43.9345), 5],
  [city("Brasília", "DF", -15.7939, -47.8828), 5],
  [city("Curitiba", "PR", -25.4284, -49.2733), 4],
  [city("Porto Alegre", "RS", -30.0346, -51.2177), 4],
  [city("Salvador", "BA", -12.9714, -38.5014), 4],
  [city("Fortaleza", "CE", -3.7319, -38.5267), 4],
  [city("Recife", "PE", -8.0476, -34.877), 3.5],
  [city("Campinas", "SP", -22.9099, -47.0626), 3],
  [city("Goiânia", "GO", -16.6869, -49.2648), 3],
  [city("Manaus", "AM", -3.119, -60.0217), 2.5],
  [city("Belém", "PA", -1.4558, -48.4902), 2],
  [city("Florianópolis", "SC", -27.5954, -48.548), 2],
  [city("Vitória", "ES", -20.3155, -40.3128), 1.5],
  [city("Santos", "SP", -23.9608, -46.3336), 1.5],
  [city("Ribeirão Preto", "SP", -21.1775, -47.8103), 1.5],
  [city("Joinville", "SC", -26.3045, -48.8487), 1.2],
  [city("Londrina", "PR", -23.3045, -51.1696), 1.2],
  [city("Uberlândia", "MG", -18.9186, -48.2772), 1.2],
  [city("Natal", "RN", -5.7945, -35.211), 1.2],
  [city("São Luís", "MA", -2.5307, -44.3068), 1.2],
  [city("Maceió", "AL", -9.6658, -35.7353), 1],
  [city("João Pessoa", "PB", -7.1195, -34.845), 1],
  [city("Teresina", "PI", -5.092, -42.8038), 1],
  [city("Cuiabá", "MT", -15.6014, -56.0979), 1],
  [city("Campo Grande", "MS", -20.4697, -54.6201), 1],
  [city("Aracaju", "SE", -10.9472, -37.0731), 0.8],
  [city("Porto Velho", "RO", -8.7612, -63.9004), 0.5],
  [city("Macapá", "AP", 0.0349, -51.0694), 0.3],
];
