import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** A thread's passage in the editor: document positions, placed when the threads load. */
export type PlacedThread = { id: string; from: number; to: number };

type HighlightState = { decorations: DecorationSet; active: string | null };

type Meta = { threads: PlacedThread[] } | { active: string | null };

export const commentHighlightsKey = new PluginKey<HighlightState>('commentHighlights');

const baseClass = 'comment-highlight cursor-pointer rounded-sm border-b-2 border-amber-400 bg-amber-100';
const activeClass = 'comment-highlight cursor-pointer rounded-sm border-b-2 border-amber-500 bg-amber-300';

function decorate(id: string, from: number, to: number, active: boolean): Decoration {
  return Decoration.inline(
    from,
    to,
    { class: active ? activeClass : baseClass, 'data-thread-id': id },
    // Text typed at either edge of a passage is not taken into it.
    { threadId: id, inclusiveStart: false, inclusiveEnd: false },
  );
}

function threadIdOf(decoration: Decoration): string {
  return (decoration.spec as { threadId: string }).threadId;
}

/**
 * Comment threads' passages, drawn as decorations (never marks: a comment is not part of the
 * contract). Placed from the threads' anchors, they then map through every edit made on screen,
 * saved or not, so a highlight follows its passage as the person types. A click on one opens
 * its thread.
 */
export function commentHighlights(onOpen: (threadId: string) => void): Plugin<HighlightState> {
  return new Plugin<HighlightState>({
    key: commentHighlightsKey,
    state: {
      init: () => ({ decorations: DecorationSet.empty, active: null }),
      apply(tr, value, _old, state) {
        const meta = tr.getMeta(commentHighlightsKey) as Meta | undefined;
        if (meta && 'threads' in meta) {
          const size = state.doc.content.size;
          const decorations = meta.threads
            .filter((thread) => thread.from >= 0 && thread.to <= size && thread.from < thread.to)
            .map((thread) => decorate(thread.id, thread.from, thread.to, thread.id === value.active));
          return { decorations: DecorationSet.create(state.doc, decorations), active: value.active };
        }
        const mapped = tr.docChanged ? value.decorations.map(tr.mapping, tr.doc) : value.decorations;
        if (meta && 'active' in meta) {
          const redrawn = mapped
            .find()
            .map((decoration) =>
              decorate(
                threadIdOf(decoration),
                decoration.from,
                decoration.to,
                threadIdOf(decoration) === meta.active,
              ),
            );
          return { decorations: DecorationSet.create(tr.doc, redrawn), active: meta.active };
        }
        return { decorations: mapped, active: value.active };
      },
    },
    props: {
      decorations(state) {
        return commentHighlightsKey.getState(state)?.decorations ?? DecorationSet.empty;
      },
      handleClick(view, pos) {
        const state = commentHighlightsKey.getState(view.state);
        if (!state) return false;
        // The innermost (shortest) passage under the click, when passages overlap.
        const [hit] = state.decorations
          .find(pos, pos, (spec) => typeof spec.threadId === 'string')
          .filter((decoration) => decoration.from < pos || decoration.to > pos)
          .sort((a, b) => a.to - a.from - (b.to - b.from));
        if (!hit) return false;
        onOpen(threadIdOf(hit));
        return false;
      },
    },
  });
}

/** Where each thread's highlight is now (after the edits made on screen). */
export function highlightedRanges(state: Parameters<typeof commentHighlightsKey.getState>[0]) {
  const ranges = new Map<string, { from: number; to: number }>();
  for (const decoration of commentHighlightsKey.getState(state)?.decorations.find() ?? []) {
    ranges.set(threadIdOf(decoration), { from: decoration.from, to: decoration.to });
  }
  return ranges;
}
