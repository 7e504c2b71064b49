// Loaded lazily (fields.tsx `richText`): the editor and its styles come only with a form that has one.
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { Node, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, type ReactNode } from 'react';
import { OWN_MEDIA, YOUTUBE_EMBED } from '../../../../shared/post-address.js';
import { GroupField } from './GroupField.js';

/**
 * What the server keeps beyond the toolbar's marks (decision 039) must survive an edit: pictures of our library and
 * YouTube players. Others are not even read (a pasted foreign picture or frame would load in the staff area).
 */
const LibraryImage = Image.extend({
  parseHTML: () => [
    { tag: 'img[src]', getAttrs: (img) => (OWN_MEDIA.test(img.getAttribute('src') ?? '') ? null : false) },
  ],
});
const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  addAttributes: () => ({
    src: { default: null },
    title: { default: null },
    width: { default: null },
    height: { default: null },
    allowfullscreen: { default: null },
  }),
  parseHTML: () => [
    { tag: 'iframe[src]', getAttrs: (frame) => (YOUTUBE_EMBED.test(frame.getAttribute('src') ?? '') ? null : false) },
  ],
  renderHTML: ({ HTMLAttributes }) => ['iframe', HTMLAttributes],
});

/**
 * A rich-text form field: its value is the editor's HTML, and an empty editor ('<p></p>') is '' so the schema's
 * "is required" message shows. The toolbar offers only what the server's allow-list keeps (decision 039).
 */
export default function RichTextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  required = true,
}: {
  label: string;
  value?: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    // Mantine's Link adds Mod-K to open the link editor; the starter kit's own link would be a second one.
    extensions: [StarterKit.configure({ link: false }), Link, LibraryImage, VideoEmbed],
    content: value ?? '',
    // Read when the modal opens; the form holds the value from then on.
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
    onBlur: () => onBlur?.(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
  });

  return (
    <GroupField labelId={labelId} errorId={errorId} label={label} required={required} error={error}>
      <RichTextEditor
        editor={editor}
        mt={4}
        // The modal's own button is "Save": the link editor's must not be mistaken for it.
        labels={{ linkEditorSave: 'Save link' }}
        styles={{ content: { minHeight: 200 } }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </GroupField>
  );
}
