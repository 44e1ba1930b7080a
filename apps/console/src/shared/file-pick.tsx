import { Button } from 'antd';
import { type ReactNode, useRef } from 'react';

/** A hidden file input and the button that opens it; the chosen file goes to `send`. */
export function FilePick(props: {
  accept: string;
  label: string;
  testId: string;
  icon: ReactNode;
  busy: boolean;
  disabled?: boolean;
  send: (f: File) => void;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        hidden
        aria-label={props.label}
        data-testid={props.testId}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) props.send(f);
        }}
      />
      <Button icon={props.icon} disabled={props.disabled} loading={props.busy} onClick={() => input.current?.click()}>
        {props.children}
      </Button>
    </>
  );
}
