import { z } from 'zod';

/**
 * The shape of the editor's JSON (ProseMirror's document format). The server checks it
 * further against the editor schema in src/editor, which knows the allowed nodes and marks.
 */
export type EditorMark = { type: string; attrs?: Record<string, unknown> };
export type EditorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  text?: string;
  marks?: EditorMark[];
  content?: EditorNode[];
};

const editorMarkSchema = z.object({
  type: z.string().max(64),
  attrs: z.record(z.string(), z.unknown()).optional(),
});

export const editorNodeSchema: z.ZodType<EditorNode> = z
  .object({
    type: z.string().max(64),
    attrs: z.record(z.string(), z.unknown()).optional(),
    text: z.string().optional(),
    marks: z.array(editorMarkSchema).optional(),
    get content() {
      return z.array(editorNodeSchema).optional();
    },
  })
  .meta({ id: 'EditorNode' });

export const editorDocumentSchema = z
  .object({
    type: z.literal('doc'),
    content: z.array(editorNodeSchema).optional(),
  })
  .meta({ id: 'EditorDocument', description: "The editor's JSON document" });

export type EditorDocument = z.infer<typeof editorDocumentSchema>;

/**
 * A document as a request carries it: only its outer shape is checked here. Every node, mark
 * and attribute is checked against the editor's schema by the server's content thread (stricter
 * than this, and off the request path: a schema walk of a 300-page document on the event loop
 * took 200 ms).
 */
export const submittedDocumentSchema = z
  .object({
    type: z.literal('doc'),
    content: z.array(z.unknown()).optional(),
  })
  .meta({
    description:
      "The editor's JSON document (ProseMirror): nodes as in EditorNode, checked against the editor schema by the server",
  }) as unknown as z.ZodType<EditorDocument>;
