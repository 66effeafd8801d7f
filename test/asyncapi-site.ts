// The AsyncAPI file the AsyncAPI tests share.

/** The shape of the format's own docs' asyncapi.yaml: a channel with two messages, three operations. */
export const ASYNCAPI_3 = `asyncapi: 3.0.0
info:
  title: Notes events
  version: 1.0.0
  description: Live notes.
channels:
  noteUpdates:
    title: Note updates
    description: Every change to a note.
    address: /notes
    messages:
      NoteChanged:
        $ref: '#/components/messages/NoteChanged'
      Ping:
        $ref: '#/components/messages/Ping'
operations:
  receiveNote:
    action: receive
    channel:
      $ref: '#/channels/noteUpdates'
    messages:
      - $ref: '#/channels/noteUpdates/messages/NoteChanged'
  sendPing:
    action: send
    channel:
      $ref: '#/channels/noteUpdates'
    messages:
      - $ref: '#/channels/noteUpdates/messages/Ping'
components:
  messages:
    NoteChanged:
      title: Note changed
      description: A note was edited.
      payload:
        type: object
        required: [id]
        properties:
          id:
            type: string
            description: The note's id.
          text:
            type: string
    Ping:
      title: Ping
      payload:
        schema:
          type: string
          description: Any text.
`;
