//! Time, deferrals and notifications.

use super::*;

async fn defer(discord: &Standin, sent: &crate::support::discord_standin::SentInteraction) {
    let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
    discord
        .http()
        .create_interaction_response(InteractionId::new(sent.id), &sent.token, &defer, Vec::new())
        .await
        .expect("the defer is accepted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_tokens_expire_after_15_minutes() {
    let (discord, _session) = with_think(Options::default()).await;
    let http = discord.http();
    let who = discord.user("wanda");
    let think = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &think).await;
    discord.advance(Duration::from_secs(14 * 60));
    let edit = EditInteractionResponse::new().content("still in time");
    http.edit_original_interaction_response(&think.token, &edit, Vec::new())
        .await
        .expect("14 minutes on, the token works");

    discord.advance(Duration::from_secs(2 * 60));
    let late = http
        .create_followup_message(
            &think.token,
            &CreateInteractionResponseFollowup::new().content("late"),
            Vec::new(),
        )
        .await;
    assert!(late.is_err(), "16 minutes on, the token is dead");
    let refused = discord.requests().pop().expect("the follow-up");
    assert_eq!(refused.status, 401);
    assert_eq!(refused.response()["code"], 50027);
    assert_eq!(refused.response()["message"], "Invalid Webhook Token");
    discord.take_expected_error("50027");

    // The first answer's 3 s deadline counts the advance too.
    let again = discord.slash(&who, Slash::new("think")).await;
    discord.advance(Duration::from_secs(4));
    let answer =
        CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content("hi"));
    let refused = http
        .create_interaction_response(
            InteractionId::new(again.id),
            &again.token,
            &answer,
            Vec::new(),
        )
        .await;
    assert!(refused.is_err());
    assert_eq!(discord.requests().pop().map(|r| r.status), Some(404));
    discord.take_expected_error("10062");
    discord.take_expected_error("too late");
    discord.take_expected_error("never answered");
    discord.assert_no_errors();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deferral_must_be_completed() {
    let options = Options {
        wait_timeout: Duration::from_secs(3),
        ..Options::default()
    };
    let (discord, _session) = with_think(options).await;
    let who = discord.user("xena");
    let think = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &think).await;
    let errors = discord.errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains(&format!(
        "interaction {} was deferred (callback type 5)",
        think.id
    )));

    // assert_no_errors waits for a bot that is still working.
    let http = discord.http();
    let token = think.token.clone();
    let working = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        http.create_followup_message(
            &token,
            &CreateInteractionResponseFollowup::new().content("done"),
            Vec::new(),
        )
        .await
        .map(|_| ())
    });
    discord.assert_no_errors();
    working
        .await
        .expect("the task ends")
        .expect("the follow-up is accepted");

    // An edit of @original and a deletion complete it too; nothing does not.
    for finish in ["edit", "delete"] {
        let sent = discord.slash(&who, Slash::new("think")).await;
        defer(&discord, &sent).await;
        let http = discord.http();
        if finish == "edit" {
            let edit = EditInteractionResponse::new().content("done");
            http.edit_original_interaction_response(&sent.token, &edit, Vec::new())
                .await
                .expect("edit @original");
        } else {
            http.delete_original_interaction_response(&sent.token)
                .await
                .expect("delete @original");
        }
        assert!(
            discord.errors().is_empty(),
            "{finish}: {:?}",
            discord.errors()
        );
    }
    let forgotten = discord.slash(&who, Slash::new("think")).await;
    defer(&discord, &forgotten).await;
    let started = std::time::Instant::now();
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| discord.assert_no_errors()));
    assert!(
        outcome.is_err(),
        "a deferral never completed fails the test"
    );
    assert!(
        started.elapsed() >= Duration::from_secs(3),
        "after waiting for it"
    );
    discord.take_expected_error("never completed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mentions_in_new_messages_notify_as_allowed_mentions_allow() {
    let (discord, _session) = with_think(Options::default()).await;
    let (alice, bob) = (discord.user("alice"), discord.user("bob"));
    let messages = channel_messages(discord.channel_id());
    let content = format!("{} plays <@!{}>", alice.mention(), bob.id);
    let post = |extra: Value| {
        let mut body = json!({ "content": content });
        if let Value::Object(extra) = extra {
            body.as_object_mut().expect("an object").extend(extra);
        }
        body
    };
    let mut sent = Vec::new();
    for extra in [
        json!({}),
        json!({ "allowed_mentions": { "parse": [] } }),
        json!({ "allowed_mentions": { "users": [bob.id.to_string()] } }),
        json!({ "allowed_mentions": { "parse": ["users"] } }),
    ] {
        let (status, answer) = raw_request(&discord, "POST", &messages, &post(extra)).await;
        assert_eq!(status, 200, "{answer}");
        sent.push(message_id(&answer));
    }
    assert_eq!(
        discord.notified(sent[0]),
        [alice.id, bob.id],
        "absent: everything parsed"
    );
    assert!(
        discord.notified(sent[1]).is_empty(),
        "parse [] notifies nobody"
    );
    assert_eq!(discord.notified(sent[2]), [bob.id], "only the listed users");
    assert_eq!(discord.notified(sent[3]), [alice.id, bob.id]);

    // Embeds, edits and ephemeral messages notify nobody.
    let embed = json!({ "embeds": [{ "description": alice.mention() }] });
    let (_, answer) = raw_request(&discord, "POST", &messages, &embed).await;
    assert!(discord.notified(message_id(&answer)).is_empty());
    let edit = format!("{messages}/{}", sent[1]);
    raw_request(
        &discord,
        "PATCH",
        &edit,
        &json!({ "content": format!("{} again", bob.mention()) }),
    )
    .await;
    assert!(discord.notified(sent[1]).is_empty());
    let think = discord.slash(&alice, Slash::new("think")).await;
    let answer = CreateInteractionResponseMessage::new()
        .content(bob.mention())
        .ephemeral(true);
    discord
        .http()
        .create_interaction_response(
            InteractionId::new(think.id),
            &think.token,
            &CreateInteractionResponse::Message(answer),
            Vec::new(),
        )
        .await
        .expect("an ephemeral reply");
    assert!(
        discord
            .notified(message_id(&discord.original(&think).await))
            .is_empty()
    );
    // A reply in the open and a follow-up do.
    let followup =
        CreateInteractionResponseFollowup::new().content(format!("{} your move", bob.mention()));
    let message = discord
        .http()
        .create_followup_message(&think.token, &followup, Vec::new())
        .await
        .expect("a follow-up");
    assert_eq!(discord.notified(message.id.get()), [bob.id]);

    let for_bob = discord.notifications_for(&bob);
    assert_eq!(for_bob.len(), 4);
    assert_eq!(for_bob[3].content, format!("{} your move", bob.mention()));
    assert_eq!(for_bob[3].channel, discord.channel_id());
    assert_eq!(discord.notifications().len(), 6);
    discord.assert_no_errors();
}
