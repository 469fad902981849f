import { useState } from 'react';
import { type Mentionable, mentionsIn } from './mention-textarea';

/** What is typed in a comment box and whom it mentions, wired to a MentionTextarea. */
export function useCommentText() {
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mentionable[]>([]);
  return {
    body,
    /** The props a MentionTextarea needs for this text. */
    field: { value: body, onChange: setBody, mentions, onMentionsChange: setMentions },
    /** The people still mentioned in the text, by id, as the server is told. */
    mentionIds: () => mentionsIn(body, mentions).map((mention) => mention.id),
    clear: () => {
      setBody('');
      setMentions([]);
    },
  };
}
