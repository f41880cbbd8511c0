// The parts of OpenAPI 3.1 this API's document uses (https://spec.openapis.org/oas/v3.1.0).

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = { [keyword: string]: unknown };

export type Reference = { $ref: string };

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];

export type Header = { description?: string; required?: boolean; schema: JsonSchema };

export type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  description?: string;
  required?: boolean;
  schema: JsonSchema;
};

export type MediaType = { schema: JsonSchema };

export type RequestBody = { description?: string; required?: boolean; content: Record<string, MediaType> };

export type Response = {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
};

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody;
  responses: Record<string, Response | Reference>;
};

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export type OpenApiDocument = {
  openapi: "3.1.0";
  jsonSchemaDialect: string;
  info: { title: string; version: string; summary?: string; description?: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    parameters: Record<string, Parameter>;
    headers: Record<string, Header>;
    securitySchemes: Record<string, { type: "http"; scheme: "bearer"; bearerFormat?: string; description?: string }>;
  };
};

export const isReference = (value: unknown): value is Reference =>
  typeof value === "object" && value !== null && typeof (value as Reference).$ref === "string";
