import { Avatar } from "@/components/avatar";

/** The person's picture when it is an https: address that loads; their initials otherwise. */
export function SubscriberPhoto({ name, photo }: { name: string; photo: string }) {
  return <Avatar name={name} photo={photo} size={72} className="panel-photo" />;
}
