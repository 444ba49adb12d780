/** Props of a component a remote exposes for the shell to host in a slot (the account modals). */
export type SlotComponentProps = { onClose: () => void };
