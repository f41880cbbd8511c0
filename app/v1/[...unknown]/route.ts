// Any other /v1 path: 404 problem+json, whatever the method (OPTIONS too: Next.js's own would
// answer 204 and list methods for a resource that does not exist).
import { notFound } from "@/lib/errors";
import { publicRoute } from "@/lib/http/route";

const unknownRoute = publicRoute(
  async ({ request }) => {
    throw notFound(`There is no API route ${new URL(request.url).pathname}.`);
  },
  { query: null },
);

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
  unknownRoute as OPTIONS,
};
