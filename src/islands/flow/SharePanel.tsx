/**
 * The site diagram's "Share / embed" dialog: the embed team's ShareDialog with its strings.
 * A lazy chunk of its own (PacketFlowCore imports it on the first click), so neither the
 * dialog nor its strings weigh on a lesson's first load.
 */
import type { ReactElement } from 'react';
import ShareDialog, { type ShareDialogProps } from '../embed/ShareDialog';
import { shareStrings } from '../../view/embed/strings';

/** ShareDialog opened at once, without its own button (the diagram's toolbar has one). */
export default function SharePanel(
  props: Omit<ShareDialogProps, 'strings' | 'initiallyOpen' | 'showButton'>,
): ReactElement {
  return (
    // On the site "Link to this moment" opens the playground: the full page, at this moment.
    <ShareDialog
      {...props}
      strings={shareStrings(props.lang)}
      initiallyOpen
      showButton={false}
      linkTo="playground"
    />
  );
}
