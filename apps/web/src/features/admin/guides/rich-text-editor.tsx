import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A guide step's rich text (tiptap: bold, italic, headings, lists, links). The HTML it writes is sanitised again by
 * the server on save and by the member's page on render; the editor never runs what it holds.
 */
export function RichTextEditor({
  value = '',
  onChange,
  label,
  testId,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] } })],
    content: value,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'sh-rich-editor',
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  // The form resets (another guide opened): show its text without firing onChange.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h: e?.isActive('heading', { level: 3 }) ?? false,
      ul: e?.isActive('bulletList') ?? false,
      ol: e?.isActive('orderedList') ?? false,
    }),
  });
  const chain = () => editor!.chain().focus();
  const tool = (key: keyof NonNullable<typeof state>, text: string, run: () => void) => (
    <Button size="small" type={state?.[key] ? 'primary' : 'default'} aria-pressed={state?.[key] ?? false} onClick={run}>
      {text}
    </Button>
  );
  return (
    <div className="sh-rich-box">
      <Space size={4} wrap className="sh-rich-toolbar" role="toolbar" aria-label={t('guide.toolbar')}>
        {tool('bold', t('guide.bold'), () => chain().toggleBold().run())}
        {tool('italic', t('guide.italic'), () => chain().toggleItalic().run())}
        {tool('h', t('guide.heading'), () => chain().toggleHeading({ level: 3 }).run())}
        {tool('ul', t('guide.bullets'), () => chain().toggleBulletList().run())}
        {tool('ol', t('guide.numbers'), () => chain().toggleOrderedList().run())}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
